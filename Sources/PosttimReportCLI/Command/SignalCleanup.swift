import PosttimReport
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Every catchable signal whose default action ends the process ends a run
/// alike, whenever it comes: SIGHUP, SIGINT, SIGQUIT and SIGTERM, and
/// SIGUSR1, SIGUSR2, SIGALRM (`timeout -s ALRM`), SIGVTALRM, SIGPROF,
/// SIGSTKFLT, SIGXCPU (a soft CPU limit), SIGIO, SIGPWR and the real-time
/// signals. The output's temporary file is removed, a running sendmail is
/// killed with its process group, and the process dies of the same signal
/// (the shell shows 128 + its number: 129, 130, 131, 143, 138…), printing
/// nothing. SIGQUIT would otherwise reach Swift's backtracer, which prints
/// "Program crashed" and lets the run go on; neither it nor SIGXCPU leaves
/// a core file. A signal the caller ignores (`nohup`, a background job)
/// stays ignored; SIGPIPE and SIGXFSZ are ignored by `main` (a write
/// error then), and the faults (SIGSEGV, SIGBUS…) are the backtracer's.
///
/// The handler runs on the main thread (libdispatch's worker threads block
/// these signals), but the slots are atomics all the same and a registered
/// path is never freed, so a handler on any thread would be safe; it only
/// calls async-signal-safe functions.
///
/// Several temporary files may be pending at once (a roster writes one
/// reader's file while the previous one is committed): each hook value
/// registers its file in a free slot of ``pendingPaths``.
public struct SignalCleanup: TemporaryFileHook, ChildProcessHook {
  /// The slot this hook's file is in (-1: none).
  private let slot = AtomicCell(-1)

  public init() {}

  public func created(_ path: String) {
    let address = Int(bitPattern: strdup(path))
    for (index, pending) in Self.pendingPaths.enumerated()
    where pending.value.compareExchange(expected: 0, desired: address, ordering: .sequentiallyConsistent).exchanged {
      slot.value.store(index, ordering: .sequentiallyConsistent)
      return
    }
    // Every slot taken: a file left by a signal is the next run's to remove.
  }
  public func finished() {
    let index = slot.value.exchange(-1, ordering: .sequentiallyConsistent)
    if index >= 0 { Self.pendingPaths[index].value.store(0, ordering: .sequentiallyConsistent) }
  }
  public func started(_ pid: pid_t) { Self.childGroup.store(pid, ordering: .sequentiallyConsistent) }
  public func ended() { Self.childGroup.store(0, ordering: .sequentiallyConsistent) }

  /// The temporary files' paths, as the addresses of their C strings (0: none).
  static let pendingPaths = (0..<16).map { _ in AtomicCell(0) }
  static let childGroup = Atomic<pid_t>(0)
  static let signals =
    [
      SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGSTKFLT, SIGXCPU, SIGIO,
      SIGPWR,
    ]
    + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

  /// Installs the handler for these signals, once, at the start of the
  /// process, and unblocks them: a parent may start the run with them
  /// blocked (Foundation's `Process` does), and then nothing could stop it
  /// but SIGKILL.
  public static func install() {
    // Made now, not first in a handler.
    _ = pendingPaths.count
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
    for pending in pendingPaths {
      if let path = UnsafePointer<CChar>(bitPattern: pending.value.load(ordering: .sequentiallyConsistent)) {
        unlink(path)
      }
    }
    if received == SIGQUIT || received == SIGXCPU {
      // Their default action dumps core: a quit asked for, or a CPU limit
      // reached, is no crash.
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

/// An atomic integer to keep in an array (``SignalCleanup/pendingPaths``)
/// or in a value (a hook's slot).
final class AtomicCell: Sendable {
  let value: Atomic<Int>
  init(_ initial: Int) { value = Atomic(initial) }
}
