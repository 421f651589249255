#if canImport(Glibc)
  import Glibc
#endif

/// A program started with `posix_spawn` and explicit file actions, in a
/// process group of its own, waited for within a time limit.
///
/// Not Foundation's `Process`: it sweeps the whole descriptor table in the
/// child (which failed with EBADF under `ulimit -n 200` and crashed under
/// `ulimit -n 9`), reports exec failures as opaque Cocoa errors, and cannot
/// kill a process group. Here the child gets `input` as standard input,
/// this process's standard output and error (or /dev/null where they are
/// closed), and no other descriptor.
/// The `errno` of a failed `posix_spawn`.
struct SpawnError: Error {
  let code: Int32
}

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
  /// - Returns: the child, or the `errno` posix_spawn failed with.
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
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, 0)
    for descriptor: Int32 in [1, 2] where fcntl(descriptor, F_GETFD) < 0 {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
    }
    addCloseFrom(3, to: &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    // What this process ignores for itself (SIGPIPE, SIGXFSZ) the child gets as default.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    guard code == 0 else { return .failure(SpawnError(code: code)) }
    hook.started(pid)
    return .success(ChildProcess(pid: pid))
  }

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): Swift's Glibc
  /// module leaves GNU extensions out, so it is looked up by name. Without
  /// it, only descriptors this process marked close-on-exec are closed.
  private static func addCloseFrom(_ lowest: Int32, to actions: inout posix_spawn_file_actions_t) {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
    _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, lowest)
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
