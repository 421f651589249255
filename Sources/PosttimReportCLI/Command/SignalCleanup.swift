import PosttimReport
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGHUP, SIGINT, SIGQUIT and SIGTERM end a run alike, whenever they come:
/// the output's temporary file is removed, a running sendmail is killed
/// with its process group, and the process dies of the same signal (the
/// shell shows 128 + its number: 129, 130, 131, 143), printing nothing.
/// SIGQUIT would otherwise reach Swift's backtracer, which prints "Program
/// crashed" and lets the run go on; it leaves no core file either. A
/// signal the caller ignores (`nohup`, a background job) stays ignored.
///
/// The handler runs on the main thread (libdispatch's worker threads block
/// these signals), but the slots are atomics all the same and a registered
/// path is never freed, so a handler on any thread would be safe; it only
/// calls async-signal-safe functions.
public struct SignalCleanup: TemporaryFileHook, ChildProcessHook {
  public func created(_ path: String) {
    Self.pendingPath.store(Int(bitPattern: strdup(path)), ordering: .sequentiallyConsistent)
  }
  public func finished() { Self.pendingPath.store(0, ordering: .sequentiallyConsistent) }
  public func started(_ pid: pid_t) { Self.childGroup.store(pid, ordering: .sequentiallyConsistent) }
  public func ended() { Self.childGroup.store(0, ordering: .sequentiallyConsistent) }

  /// The temporary file's path, as the address of its C string (0: none).
  static let pendingPath = Atomic<Int>(0)
  static let childGroup = Atomic<pid_t>(0)
  static let signals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

  /// Installs the handler for the four signals, once, at the start of the
  /// process, and unblocks them: a parent may start the run with them
  /// blocked (Foundation's `Process` does), and then nothing could stop it
  /// but SIGKILL.
  public static func install() {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in signals { sigaddset(&unblocked, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    for number in signals {
      // Query without changing it: an ignored signal stays ignored.
      var current = sigaction()
      sigaction(number, nil, &current)
      if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { received in SignalCleanup.handle(received) }
      sigemptyset(&action.sa_mask)
      for other in signals { sigaddset(&action.sa_mask, other) }
      sigaction(number, &action, nil)
    }
  }

  private static func handle(_ received: Int32) {
    let group = childGroup.load(ordering: .sequentiallyConsistent)
    if group > 0 { kill(-group, SIGKILL) }
    if let path = UnsafePointer<CChar>(bitPattern: pendingPath.load(ordering: .sequentiallyConsistent)) { unlink(path) }
    if received == SIGQUIT {
      // SIGQUIT's default action dumps core: a quit asked for is no crash.
      var none = rlimit(rlim_cur: 0, rlim_max: 0)
      setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    }
    signal(received, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, received)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(received)
  }
}
