import Foundation
import PosttimReportCLI
import TestSupport
import Testing

/// `--send` and `--dump-context` say where the run's result goes, as
/// `--send` and `-o` do: both on the command line are 64, both in the config
/// file 78 at the later line, and the command line's replaces the file's.
/// Before, the pair printed the context, sent nothing and exited 0.
@Suite("--send with --dump-context")
struct SendWithDumpContextTests {
  static let base = CommandLineOverConfigAlternativesTests.base

  @Test("--send with --dump-context on the command line: 64, nothing printed or sent")
  func sendAndDumpOnCommandLine() throws {
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    let run = expectRun(
      arguments: Self.base + [
        "--config", "/dev/null", "--send", "--dump-context", "--sendmail", sendmail.path, "--mail-to",
        "b@example.org",
      ], exit: .usage, error: "posttim-report: error: use --send or --dump-context, not both")
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sendmail.message.path))
  }

  @Test("both in the config file: 78 naming the file and the later line, nothing printed")
  func bothInFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try CommandLineOverConfigAlternativesTests.configFile(
      "dump-context = true\nmail-to = b@example.org\nsend = true\n", in: folder)
    let run = expectRun(
      arguments: Self.base + ["--config", file.path], exit: .configuration,
      stderr: ["posttim-report: error: \(file.path):3: use --send or --dump-context, not both"])
    #expect(run.stdout.isEmpty)
  }

  @Test("--dump-context on the command line replaces the file's send = true")
  func dumpOverFileSend() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try CommandLineOverConfigAlternativesTests.configFile(
      "send = true\nmail-to = b@example.org\nsendmail = /nonexistent/sendmail\n", in: folder)
    let configured = expectRun(arguments: Self.base + ["--config", file.path, "--dump-context"], exit: .success)
    let plain = expectRun(arguments: Self.base + ["--config", "/dev/null", "--dump-context"], exit: .success)
    #expect(configured.stdout.hasPrefix("{") && configured.stdout == plain.stdout)
  }

  @Test("--send on the command line replaces the file's dump-context = true")
  func sendOverFileDump() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try CommandLineOverConfigAlternativesTests.configFile("dump-context = true\n", in: folder)
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    let run = expectRun(
      arguments: Self.base + [
        "--config", file.path, "--send", "--sendmail", sendmail.path, "--mail-to", "b@example.org",
      ], exit: .success)
    #expect(run.stdout.isEmpty)
    #expect(try String(contentsOf: sendmail.message, encoding: .utf8).contains("\r\nMIME-Version: 1.0\r\n"))
  }
}
