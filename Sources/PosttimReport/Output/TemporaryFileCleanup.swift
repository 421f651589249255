#if canImport(Glibc)
  import Glibc
#endif

/// Removes the output's temporary file when the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP), then dies of the same signal, so Ctrl-C or a
/// cron timeout never leaves a `.report.posttim-XXXXXX` file behind.
/// A signal the caller ignores (`nohup`, a background job) stays ignored.
///
/// One output file per process, so one slot; the handler only calls
/// async-signal-safe functions (unlink, signal, raise).
enum TemporaryFileCleanup {
  nonisolated(unsafe) static var pending: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) static var installed: [Int32] = []
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  static func register(_ path: String) {
    pending = strdup(path)
    installed = []
    for number in signals {
      // Ask for the current disposition by setting one; put back "ignore".
      let previous = signal(number, SIG_IGN)
      if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
      signal(number) { received in
        if let path = TemporaryFileCleanup.pending { unlink(path) }
        signal(received, SIG_DFL)
        raise(received)
      }
      installed.append(number)
    }
  }

  static func unregister() {
    for number in installed { signal(number, SIG_DFL) }
    installed = []
    let path = pending
    pending = nil
    free(path)
  }
}
