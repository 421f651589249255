import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// Removes the output's temporary file when the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP), then dies of the same signal, so Ctrl-C or a
/// cron timeout never leaves a `.report.posttim-PID-XXXXXX` file behind.
/// A signal the caller ignores (`nohup`, a background job) stays ignored.
///
/// One output file per process, so one slot; the handler only calls
/// async-signal-safe functions (unlink, signal, raise).
///
/// Concurrency notes: `pending` and `installed` are written only by the
/// thread writing the output, with the three signals blocked, so the
/// handler never sees them half-changed (hence `nonisolated(unsafe)`).
struct SignalCleanup: TemporaryFileHook {
  func created(_ path: String) { Self.register(path) }
  func finished() { Self.unregister() }

  nonisolated(unsafe) static var pending: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) static var installed: [Int32] = []
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  static func register(_ path: String) {
    withSignalsBlocked {
      pending = strdup(path)
      installed = []
      for number in signals {
        // Query without changing it: an ignored signal stays ignored.
        var current = sigaction()
        sigaction(number, nil, &current)
        let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
        if handler == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
        signal(number) { received in
          if let path = SignalCleanup.pending { unlink(path) }
          signal(received, SIG_DFL)
          raise(received)
        }
        installed.append(number)
      }
    }
  }

  static func unregister() {
    withSignalsBlocked {
      for number in installed { signal(number, SIG_DFL) }
      installed = []
      free(pending)
      pending = nil
    }
  }

  /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back (delivered
  /// after), so the handler cannot run against a half-updated slot.
  private static func withSignalsBlocked(_ body: () -> Void) {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    for number in signals { sigaddset(&blocked, number) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    body()
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}
