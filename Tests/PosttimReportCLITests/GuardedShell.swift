import Foundation
import TestSupport

/// Runs a bash script around the built binary, under `timeout -s KILL`: a
/// run that would block forever (a FIFO without a writer) ends as status
/// 137 and fails its test instead of hanging the suite. The deadline is a
/// guard, never what a test asserts. The script starts with no signal
/// blocked, as from a login shell: the test runner's threads block most
/// signals, and a child would inherit that mask.
enum GuardedShell {
  /// The binary's path, for scripts (the suites using this are disabled without it).
  static var binary: String { EndToEndTests.binary?.path ?? "/nonexistent/posttim-report" }

  /// Runs `script` with bash; `$BIN` is the binary and `$EXAMPLE` the example list.
  static func run(_ script: String, environment: [String: String] = [:], stdin: String = "") throws
    -> Subprocess.Result
  {
    var variables = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "BIN": binary, "EXAMPLE": TestPaths.example.path]
    variables.merge(environment) { $1 }
    let unblocked = "use POSIX; sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die; exec @ARGV or die"
    return try Subprocess.run(
      "/usr/bin/timeout", ["-s", "KILL", "60", "/usr/bin/perl", "-e", unblocked, "/bin/bash", "-c", script],
      stdin: stdin, environment: variables)
  }
}
