import CSpawn

#if canImport(Glibc)
  import Glibc
#endif

/// The `errno` of a failed start.
struct SpawnError: Error {
  let code: Int32
}

/// A program started with explicit descriptors (`cspawn_start_tied`, as
/// `posix_spawn` with file actions would), in a process group of its own,
/// killed by the kernel if the thread that started it ends (a run killed
/// with SIGKILL included), waited for within a time limit by that thread.
///
/// Not Foundation's `Process`: it sweeps the whole descriptor table in the
/// child (which failed with EBADF under `ulimit -n 200` and crashed under
/// `ulimit -n 9`), reports exec failures as opaque Cocoa errors, and cannot
/// kill a process group. Here the child gets `input` as standard input,
/// this process's standard output and error (or /dev/null where they are
/// closed), and no other descriptor.
struct ChildProcess {
  let pid: pid_t

  /// How the child ended.
  enum Ending: Equatable {
    case exited(Int32)
    case killed(signal: Int32)
    /// Still running at the deadline: it and its group were killed.
    case timedOut
    /// Reaped by someone else: the status is lost.
    case unknown
  }

  /// Starts `path` with `arguments` (after argv[0]) and the environment of
  /// this process, and tells `hook` its PID before this thread takes any
  /// signal: a signal that comes meanwhile is held until the hook knows
  /// the child. (libdispatch's threads block these signals, so this thread
  /// is the one that handles them.)
  /// The child dies with the calling thread: call ``wait(until:hook:)``
  /// from the same thread.
  /// - Returns: the child, or the `errno` the start failed with.
  static func spawn(
    _ path: String, arguments: [String], input: Int32, hook: any ChildProcessHook
  ) -> Result<ChildProcess, SpawnError> {
    withSignalsHeld { spawnHeld(path, arguments: arguments, input: input, hook: hook) }
  }

  private static func spawnHeld(
    _ path: String, arguments: [String], input: Int32, hook: any ChildProcessHook
  ) -> Result<ChildProcess, SpawnError> {
    // Ignored SIGCHLD (inherited from whoever started us) makes the kernel
    // reap children at once, and their status is lost.
    var action = sigaction()
    sigaction(SIGCHLD, nil, &action)
    if unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
      signal(SIGCHLD, SIG_DFL)
    }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: Int32 = 0
    let code = cspawn_start_tied(path, argv, environ, input, &pid)
    guard code == 0 else { return .failure(SpawnError(code: code)) }
    hook.started(pid)
    return .success(ChildProcess(pid: pid))
  }

  /// Waits until the child exits or `deadline` passes; then kills its
  /// process group. `hook` hears of the end before the child is reaped.
  ///
  /// Polled with `waitid(WNOHANG)` and short sleeps rather than waited on
  /// through a pidfd or a thread: it needs no descriptor and no thread, so
  /// it works when none is left.
  func wait(until deadline: ContinuousClock.Instant, hook: any ChildProcessHook) -> Ending {
    var pause: UInt32 = 1_000
    while !hasExited() {
      if ContinuousClock.now >= deadline {
        kill(-pid, SIGKILL)
        hook.ended()
        _ = reap()
        return .timedOut
      }
      usleep(pause)
      pause = min(pause * 2, 50_000)
    }
    hook.ended()
    guard let status = reap() else { return .unknown }
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal)
  }

  /// Whether the child has exited, without reaping it (its PID stays taken).
  private func hasExited() -> Bool {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 {
      if errno != EINTR { return true }
    }
    return info.si_signo == SIGCHLD
  }

  private func reap() -> Int32? {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return nil }
    }
    return status
  }
}
