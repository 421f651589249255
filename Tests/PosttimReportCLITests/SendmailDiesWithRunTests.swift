import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A run killed with SIGKILL handles nothing, yet its sendmail does not go
/// on alone: the kernel kills it with the run (security.md, "Never hang").
@Suite(
  "sendmail dies with a run killed with SIGKILL",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct SendmailDiesWithRunTests {
  /// Reads the whole message, then sleeps as the process the run started
  /// (exec: the recorded PID is sendmail's own), never exiting.
  static func sleeping() throws -> ScriptedSendmail {
    try ScriptedSendmail(
      """
      exec >/dev/null 2>&1
      cat > "$M"
      exec sleep 100000
      """)
  }

  /// Starts the binary with `arguments`, waits until the sendmail it
  /// started runs, kills the run with SIGKILL, and returns sendmail's PID.
  static func killRunDuringSend(_ arguments: [String], sendmail: ScriptedSendmail) throws -> pid_t {
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = arguments
    process.environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    sendmail.waitForPIDs(1)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGKILL)
    return sendmail.recordedPIDs[0]
  }

  @Test("--send: the run killed with SIGKILL while sendmail runs, sendmail is killed too")
  func report() throws {
    let sendmail = try Self.sleeping()
    defer { sendmail.killLeftovers(); sendmail.remove() }
    let pid = try Self.killRunDuringSend(
      SendTimeoutTests.arguments(sendmail) + ["--send-timeout", "86400"], sendmail: sendmail)
    #expect(!ScriptedSendmail.stillRuns(pid), "sendmail (PID \(pid)) outlived the run")
  }

  @Test("roster --send: the run killed with SIGKILL while a reader's sendmail runs, that sendmail is killed too")
  func roster() throws {
    let fixture = try RosterFixture("id,list,mail-to,time-zone\nzoe,tasks.plist,zoe@example.org,UTC\n")
    defer { fixture.remove() }
    let sendmail = try Self.sleeping()
    defer { sendmail.killLeftovers(); sendmail.remove() }
    let pid = try Self.killRunDuringSend(
      [
        "roster", fixture.roster, "--send", "--sendmail", sendmail.path, "--state", fixture.state,
        "--mail-from", "roster@example.org", "--now", "2026-12-01T12:00:00Z",
      ], sendmail: sendmail)
    #expect(!ScriptedSendmail.stillRuns(pid), "sendmail (PID \(pid)) outlived the run")
  }
}
