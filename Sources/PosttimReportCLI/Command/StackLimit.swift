import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A run needs a stack of ``minimum`` bytes (`ulimit -s`): under a few
/// dozen KiB, the plist reader, ICU and the renderer overflow it and the
/// run dies of SIGSEGV. glibc sizes the main thread's stack and every new
/// thread's (the helpers that render and format) from the soft limit it
/// found at start, so a low soft limit is raised, up to the hard limit,
/// and the binary started again with it; when even the hard limit is
/// lower, the run stops with exit 71 and says so.
public enum StackLimit {
  /// The stack a run needs, with a wide margin: the deepest runs measured
  /// (100,000 tasks in HTML, an e-mail with details, a roster) need under
  /// 256 KiB.
  public static let minimum: rlim_t = 1 << 20

  /// Environment variable set on the restarted run: a restart that still
  /// finds the limit low (a kernel that ignored it) stops instead of
  /// restarting again.
  static let restartedMarker = "POSTTIM_REPORT_STACK_RAISED"

  /// Raises the soft limit and starts the binary again when it is below
  /// ``minimum``; exits 71 with a message when it cannot.
  public static func ensure() {
    let restarted = getenv(restartedMarker) != nil
    unsetenv(restartedMarker)
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
      limit.rlim_cur < minimum
    else {
      return
    }
    let wanted = limit.rlim_max == rlim_t.max ? minimum : min(minimum, limit.rlim_max)
    guard wanted >= minimum, !restarted else {
      fail(
        "the stack size limit (ulimit -s) is \(limit.rlim_cur / 1024) KiB and cannot be raised to the "
          + "\(minimum / 1024) KiB a run needs (hard limit \(limit.rlim_max / 1024) KiB)")
    }
    limit.rlim_cur = wanted
    guard setrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &limit) == 0 else {
      fail(
        "cannot raise the stack size limit (ulimit -s) to \(minimum / 1024) KiB: \(String(cString: strerror(errno)))")
    }
    setenv(restartedMarker, "1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    fail("cannot start again with a larger stack: \(String(cString: strerror(errno)))")
  }

  private static func fail(_ message: String) -> Never {
    let line = "posttim-report: error: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(71)
  }
}
