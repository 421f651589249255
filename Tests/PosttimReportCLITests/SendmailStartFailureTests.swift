import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A sendmail that exists but cannot be started, or fails: the message names
/// what is really wrong (the `#!` interpreter, its permissions, a file that
/// is no program, a signal), never "The file doesn't exist" about the
/// script itself.
@Suite(
  "sendmail that cannot be started", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct SendmailStartFailureTests {
  /// Runs `--send --sendmail sendmail` (after the shell lines `setup`) and
  /// expects exit 69 with `cannot send: ` + `message` as the one error line.
  func expectFailure(
    _ sendmail: String, setup: String = "", _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try LimitedRun.run(
      setup,
      [
        TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-z", "UTC", "--mail-to", "a@example.org", "--send",
        "--sendmail", sendmail,
      ])
    #expect(result.status == 69, sourceLocation: sourceLocation)
    #expect(result.stderr == "posttim-report: error: cannot send: \(message)\n", sourceLocation: sourceLocation)
  }

  @Test("a script whose #! interpreter does not exist: exit 69 naming the interpreter")
  func missingInterpreter() throws {
    let sendmail = try ScriptedSendmail(#"cat > "$M""#, interpreter: "/nonexistent/bin/mailer-shell")
    defer { sendmail.remove() }
    try expectFailure(
      sendmail.path,
      "\(sendmail.path) cannot be started: its interpreter /nonexistent/bin/mailer-shell (from its #! line) "
        + "does not exist; nothing was sent")
  }

  @Test("a script whose #! interpreter is not executable: exit 69 naming the interpreter")
  func interpreterNotExecutable() throws {
    let interpreter = FileManager.default.temporaryDirectory.appending(path: "posttim-shell-\(UUID().uuidString)")
    try Data("not a program\n".utf8).write(to: interpreter)
    defer { try? FileManager.default.removeItem(at: interpreter) }
    chmod(interpreter.path, 0o644)
    let sendmail = try ScriptedSendmail(#"cat > "$M""#, interpreter: interpreter.path)
    defer { sendmail.remove() }
    try expectFailure(
      sendmail.path,
      "\(sendmail.path) cannot be started: its interpreter \(interpreter.path) (from its #! line) is not executable; "
        + "nothing was sent")
  }

  @Test("an executable file without a #! line that is no program: exit 69, not a program this system runs")
  func notAProgram() throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "posttim-sendmail-\(UUID().uuidString)").path
    try Data("cat > /dev/null\n".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    chmod(path, 0o755)
    try expectFailure(
      path,
      "\(path) cannot be started: it is not a program this system can run (no #! line, and not an executable for "
        + "this machine); nothing was sent")
  }

  @Test("a script killed by a signal: exit 69 naming the signal")
  func killedBySignal() throws {
    let sendmail = try ScriptedSendmail(#"cat > "$M"; kill -KILL $$"#)
    defer { sendmail.remove() }
    try expectFailure(
      sendmail.path,
      "\(sendmail.path) -t -oi was killed by signal 9 (Killed); the message may not have been delivered")
  }

  @Test("SIGCHLD ignored by whoever started the run: sendmail's exit status is still read")
  func ignoredChildSignal() throws {
    let sendmail = try ScriptedSendmail(#"cat > "$M"; exit 3"#)
    defer { sendmail.remove() }
    try expectFailure(
      sendmail.path, setup: "trap '' CHLD",
      "\(sendmail.path) -t -oi exited with status 3; the message may not have been delivered")
  }
}
