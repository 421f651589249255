import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A sendmail that never exits: `--send-timeout` ends it, and a signal to
/// the run ends it too; neither leaves it running (README "Nightly e-mail").
@Suite(
  "A sendmail that hangs", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct SendTimeoutTests {
  static func arguments(_ sendmail: ScriptedSendmail) -> [String] {
    [
      TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-z", "UTC", "--mail-to", "a@example.org", "--send",
      "--sendmail", sendmail.path,
    ]
  }

  @Test("--send-timeout 1: the hanging sendmail and its child are killed, exit 75, the message says nothing was sent")
  func timeout() throws {
    let sendmail = try ScriptedSendmail.hanging()
    defer { sendmail.killLeftovers(); sendmail.remove() }
    let (status, stdout, stderr) = try EndToEndTests.run(Self.arguments(sendmail) + ["--send-timeout", "1"])
    #expect(status == 75)
    #expect(stdout == "")
    #expect(
      stderr
        == "posttim-report: error: cannot send: \(sendmail.path) -t -oi did not exit within 1 second "
        + "(--send-timeout), so it and its process group were killed; nothing was sent\n")
    let pids = sendmail.recordedPIDs
    #expect(pids.count == 2, "the script and its sleep")
    for pid in pids { #expect(!ScriptedSendmail.stillRuns(pid), "PID \(pid) still runs") }
    // The script had read the whole message before it hung.
    #expect(try String(contentsOf: sendmail.message, encoding: .utf8).hasSuffix("--\r\n"))
  }

  @Test("send-timeout in the config file applies, and the command line overrides it")
  func configFile() throws {
    let sendmail = try ScriptedSendmail.hanging()
    defer { sendmail.killLeftovers(); sendmail.remove() }
    let config = sendmail.folder.appending(path: "config")
    try Data("send-timeout = 1\n".utf8).write(to: config)
    let (status, _, stderr) = try EndToEndTests.run(Self.arguments(sendmail) + ["--config", config.path])
    #expect(status == 75)
    #expect(stderr.contains(" did not exit within 1 second (--send-timeout)"), "\(stderr)")
    let (again, _, message) = try EndToEndTests.run(
      Self.arguments(sendmail) + ["--config", config.path, "--send-timeout", "2"])
    #expect(again == 75)
    #expect(message.contains(" did not exit within 2 seconds (--send-timeout)"), "\(message)")
  }

  @Test("--send-timeout takes a whole number of seconds from 1 to 86400")
  func values() throws {
    for value in ["0", "-1", "1.5", "soon", "86401"] {
      let (status, _, stderr) = try EndToEndTests.run(
        [TestPaths.example.path, "--mail-to", "a@example.org", "--send", "--send-timeout=\(value)"])
      #expect(status == 64, "\(value)")
      #expect(
        stderr.hasPrefix(
          "posttim-report: error: --send-timeout takes a whole number from 1 to 86400, got '\(value)'\n"),
        "\(stderr)")
    }
  }

  @Test(
    "SIGTERM, SIGINT, SIGQUIT or SIGHUP while sendmail runs: the run dies of that signal and kills sendmail's group",
    arguments: [SIGTERM, SIGINT, SIGQUIT, SIGHUP])
  func signalKillsSendmail(signal number: Int32) throws {
    let sendmail = try ScriptedSendmail.hanging()
    defer { sendmail.killLeftovers(); sendmail.remove() }
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = Self.arguments(sendmail)
    process.environment = ["LANG": "C.UTF-8"]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    sendmail.waitForPIDs(2)
    kill(process.processIdentifier, number)
    #expect(ScriptedSendmail.ends(process), "the run outlived the signal")
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
    #expect(stderr == "", "no backtrace, no message")
    for pid in sendmail.recordedPIDs { #expect(!ScriptedSendmail.stillRuns(pid), "PID \(pid) still runs") }
  }
}
