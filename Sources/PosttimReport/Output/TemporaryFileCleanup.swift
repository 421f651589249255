#if canImport(Glibc)
  import Glibc
#endif

/// Removes the output's temporary file when the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP), then dies of the same signal, so Ctrl-C or a
/// cron timeout never leaves a `.report.posttim-XXXXXX` file behind.
///
/// One output file per process, so one slot; the handler only calls
/// async-signal-safe functions (unlink, signal, raise).
enum TemporaryFileCleanup {
  nonisolated(unsafe) static var pending: UnsafeMutablePointer<CChar>?
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  static func register(_ path: String) {
    pending = strdup(path)
    for number in signals {
      signal(number) { received in
        if let path = TemporaryFileCleanup.pending { unlink(path) }
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  static func unregister() {
    for number in signals { signal(number, SIG_DFL) }
    let path = pending
    pending = nil
    free(path)
  }
}
