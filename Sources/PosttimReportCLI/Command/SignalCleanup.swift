import CSignalCleanup
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
/// error then), and the faults (SIGSEGV, SIGBUS…) are the backtracer's,
/// but while a report is written in place to standard output, which they
/// cut back first (``cutBack(_:to:)``).
///
/// The handler runs on the main thread (libdispatch's worker threads block
/// these signals), but the slots are atomics all the same and a registered
/// path is never freed, so a handler on any thread would be safe. It is C
/// (``CSignalCleanup``) on static storage: it calls only async-signal-safe
/// functions, and nothing of the Swift runtime, which may allocate on first
/// use (a generic type's metadata) while the interrupted thread is in malloc.
///
/// Several temporary files may be pending at once (a roster writes one
/// reader's file while the previous one is committed): each hook value
/// registers its file in a free slot.
public struct SignalCleanup: TemporaryFileHook, ChildProcessHook {
  /// The slot this hook's file is in (-1: none).
  private let slot = AtomicCell(-1)

  public init() {}

  public func created(_ path: String) {
    // Every slot taken (-1): a file left by a signal is the next run's to remove.
    slot.value.store(Int(csignalcleanup_add_path(path)), ordering: .sequentiallyConsistent)
  }
  public func finished() {
    csignalcleanup_remove_path(Int32(slot.value.exchange(-1, ordering: .sequentiallyConsistent)))
  }
  public func started(_ pid: pid_t) { csignalcleanup_set_child_group(pid) }
  public func ended() { csignalcleanup_set_child_group(0) }

  /// The regular file at `descriptor` (standard output, written in place)
  /// is cut back to `length` bytes on a signal, when it holds no bytes but
  /// the ones counted by ``cutBackWrote(_:)`` after them; -1: none.
  static func cutBack(_ descriptor: Int32, to length: off_t) {
    csignalcleanup_set_cut_back(descriptor, Int64(length))
  }
  /// `descriptor`'s status flags (`F_SETFL`) are put back to `flags` on a
  /// signal (O_DIRECT turned off for the run); -1: none.
  static func restoreFlags(_ descriptor: Int32, _ flags: Int32) { csignalcleanup_set_restore_flags(descriptor, flags) }
  /// `count` bytes are being written to that file.
  static func cutBackWriting(_ count: Int) { csignalcleanup_cut_back_writing(Int64(count)) }
  /// `count` bytes were written to it.
  static func cutBackWrote(_ count: Int) { csignalcleanup_cut_back_wrote(Int64(count)) }

  /// The temporary files the handler would remove now.
  static var pendingPaths: [String] {
    (0..<Int32(CSIGNALCLEANUP_SLOTS)).compactMap { csignalcleanup_path($0).map { String(cString: $0) } }
  }

  /// Installs the handler, once, at the start of the process, and unblocks
  /// these signals: a parent may start the run with them blocked
  /// (Foundation's `Process` does), and then nothing could stop it but
  /// SIGKILL.
  public static func install() { csignalcleanup_install() }
}

/// An atomic integer to keep in a value (a hook's slot).
final class AtomicCell: Sendable {
  let value: Atomic<Int>
  init(_ initial: Int) { value = Atomic(initial) }
}
