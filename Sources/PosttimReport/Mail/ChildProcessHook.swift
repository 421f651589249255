#if canImport(Glibc)
  import Glibc
#endif

/// Told when sendmail starts and ends, so whoever handles the process's
/// signals can kill it rather than leave it running (the CLI's
/// `SignalCleanup`). Sendmail leads a process group of its own: kill
/// `-pid` to reach it and whatever it started.
public protocol ChildProcessHook: Sendable {
  /// The process group `pid` now runs and must be killed if this process is interrupted.
  func started(_ pid: pid_t)
  /// The process has ended (it is not yet reaped, so `pid` is not reused while this runs).
  func ended()
}

/// No hook: for library users who handle no signals.
public struct NoChildProcessHook: ChildProcessHook {
  public init() {}
  public func started(_ pid: pid_t) {}
  public func ended() {}
}
