import Foundation
import PosttimReportCLI
import TestSupport
import Testing

/// `send = true` asks for an e-mail: with another `format` in the same
/// config file the two contradict each other, and the nightly job would
/// print the report where nobody reads it and send nothing. A command-line
/// `--format` other than email replaces the file's `send` instead.
@Suite("send = true with another format")
struct ConfigSendFormatTests {
  static let base = CommandLineOverConfigAlternativesTests.base

  @Test("send = true and format = markdown in one config file: 78 at the later line, nothing printed or sent")
  func bothInFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    let file = try CommandLineOverConfigAlternativesTests.configFile(
      "send = true\nsendmail = \(sendmail.path)\nmail-to = b@example.org\nformat = markdown\n", in: folder)
    let run = expectRun(
      arguments: Self.base + ["--config", file.path], exit: .configuration,
      stderr: ["posttim-report: error: \(file.path):4: --send needs --format email (or no --format), not 'markdown'"])
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sendmail.message.path))
  }

  @Test("--format markdown on the command line replaces the file's send = true: the report is printed")
  func commandLineFormatOverFileSend() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    let file = try CommandLineOverConfigAlternativesTests.configFile(
      "send = true\nsendmail = \(sendmail.path)\nmail-to = b@example.org\n", in: folder)
    let configured = expectRun(arguments: Self.base + ["--config", file.path, "-f", "markdown"], exit: .success)
    let plain = expectRun(arguments: Self.base + ["--config", "/dev/null", "-f", "markdown"], exit: .success)
    #expect(configured.stdout.hasPrefix("# ") && configured.stdout == plain.stdout)
    #expect(!FileManager.default.fileExists(atPath: sendmail.message.path))
  }
}
