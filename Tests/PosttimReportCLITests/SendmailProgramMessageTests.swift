import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `--sendmail NAME` without a `/` is looked up on PATH, as execvp would;
/// the messages for a program that cannot be used name it and what to do.
@Suite(
  "sendmail program lookup and messages", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct SendmailProgramMessageTests {
  static let arguments = [
    TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-z", "UTC", "--mail-to", "a@example.org", "--send",
  ]

  @Test("a bare name is found on PATH and run: the whole message reaches it")
  func bareNameOnPath() throws {
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    let path = sendmail.folder.path + ":/usr/bin:/bin"
    let result = try LimitedRun.run(
      "", Self.arguments + ["--sendmail", "sendmail"], environment: ["LANG": "C.UTF-8", "PATH": path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: sendmail.message, encoding: .utf8).hasPrefix("Date: "))
  }

  @Test("a bare name on no PATH entry: exit 69 naming the name and the PATH searched")
  func bareNameMissing() throws {
    let result = try LimitedRun.run(
      "", Self.arguments + ["--sendmail", "no-such-sendmail"],
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(result.status == 69)
    #expect(
      result.stderr
        == "posttim-report: error: cannot send: no program named no-such-sendmail on PATH (/usr/bin:/bin); give its "
        + "full path, e.g. /usr/sbin/sendmail, or name one with --sendmail PATH; nothing was sent\n")
  }

  @Test("a file that is not executable: named, said to be not executable, with chmod +x as the remedy")
  func notExecutable() throws {
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    chmod(sendmail.path, 0o644)
    let result = try LimitedRun.run("", Self.arguments + ["--sendmail", sendmail.path])
    #expect(result.status == 69)
    #expect(
      result.stderr
        == "posttim-report: error: cannot send: \(sendmail.path) is not executable (chmod +x \(sendmail.path), "
        + "or name one with --sendmail PATH); nothing was sent\n")
  }

  @Test("a sendmail that fails under a low ulimit -n: the message says it ran under that limit")
  func failureUnderLowDescriptorLimit() throws {
    let sendmail = try ScriptedSendmail("cat > \"$M\"; exit 75")
    defer { sendmail.remove() }
    let result = try LimitedRun.run("ulimit -n 20", Self.arguments + ["--sendmail", sendmail.path])
    #expect(result.status == 69)
    #expect(
      result.stderr
        == "posttim-report: error: cannot send: \(sendmail.path) -t -oi exited with status 75 (it ran under the "
        + "limit of 20 file descriptors, ulimit -n); the message may not have been delivered\n")
    let plain = try LimitedRun.run("ulimit -n 1024", Self.arguments + ["--sendmail", sendmail.path])
    #expect(
      plain.stderr
        == "posttim-report: error: cannot send: \(sendmail.path) -t -oi exited with status 75; "
        + "the message may not have been delivered\n")
  }
}
