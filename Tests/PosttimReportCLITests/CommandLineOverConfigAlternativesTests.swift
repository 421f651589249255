import Foundation
import PosttimReportCLI
import TestSupport
import Testing

/// An option given on the command line replaces the config file's setting
/// of the same thing, also when the file spells it the other way:
/// `--skeleton` replaces the file's `pattern`, `--days` its `to`,
/// `--no-details` its `details`, `-o` its `send`. Both ways in one source
/// are still refused: 64 on the command line, 78 at the later line of the file.
@Suite("Command line over the config file's alternative spelling")
struct CommandLineOverConfigAlternativesTests {
  static let example = TestPaths.example.path
  static let base = [example, "--now", "2026-11-30T14:00:00Z", "-z", "America/Toronto", "-l", "en_US"]

  /// `text` as `report.conf` in `folder`.
  static func configFile(_ text: String, in folder: URL) throws -> URL {
    let file = folder.appending(path: "report.conf")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// Runs `arguments` with `config` as the config file, and again with no
  /// config file: the outputs must be the same.
  func expectSameAsWithoutConfig(
    _ config: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.configFile(config, in: folder)
    let configured = expectRun(
      arguments: Self.base + arguments + ["--config", file.path], exit: .success, sourceLocation: sourceLocation)
    let plain = expectRun(
      arguments: Self.base + arguments + ["--config", "/dev/null"], exit: .success, sourceLocation: sourceLocation)
    #expect(!plain.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(configured.stdout == plain.stdout, sourceLocation: sourceLocation)
  }

  @Test(
    "a command-line option replaces the file's other spelling of it",
    arguments: [
      ("pattern = yyyy HH:mm\n", ["-f", "csv", "--skeleton", "yMMMd"]),
      ("skeleton = yMMMd\n", ["-f", "csv", "--pattern", "yyyy HH:mm"]),
      ("day-pattern = yyyy\n", ["-f", "text", "--day-skeleton", "MMMMd"]),
      ("day-skeleton = MMMMd\n", ["-f", "text", "--day-pattern", "yyyy"]),
      ("to = +3\n", ["-f", "csv", "--days", "1"]),
      ("days = 5\n", ["-f", "csv", "--to", "tomorrow"]),
      ("details = true\n", ["-f", "html", "--no-details"]),
      ("no-details = true\n", ["-f", "html", "--details"]),
      ("send = true\nmail-to = b@example.org\n", ["-f", "text", "-o", "-"]),
    ])
  func replaced(config: String, arguments: [String]) throws {
    try expectSameAsWithoutConfig(config, arguments)
  }

  @Test(
    "--send on the command line replaces the file's output and format",
    arguments: ["output = FOLDER/agenda.md\n", "format = html\n"])
  func sendReplaces(config: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.configFile(config.replacingOccurrences(of: "FOLDER", with: folder.path), in: folder)
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    let run = expectRun(
      arguments: Self.base + [
        "--config", file.path, "--send", "--sendmail", sendmail.path, "--mail-to", "b@example.org",
      ], exit: .success)
    #expect(run.stdout.isEmpty)
    let message = try String(contentsOf: sendmail.message, encoding: .utf8)
    #expect(message.contains("\r\nTo: b@example.org\r\n") && message.contains("\r\nMIME-Version: 1.0\r\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.conf"])
  }

  @Test(
    "both spellings in the config file: 78 naming the file and the later line",
    arguments: [
      ("pattern = yyyy HH:mm\nlocale = en_US\nskeleton = yMMMd\n", 3, "use --skeleton or --pattern, not both"),
      ("day-skeleton = MMMMd\nday-pattern = yyyy\n", 2, "use --day-skeleton or --day-pattern, not both"),
      ("no-details = true\n\ndetails = true\n", 3, "use --details or --no-details, not both"),
      ("mail-to = b@example.org\nsend = true\noutput = agenda.eml\n", 3, "use --send or --output, not both"),
    ])
  func bothInFile(config: String, line: Int, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.configFile(config, in: folder)
    let run = expectRun(
      arguments: Self.base + ["--config", file.path], exit: .configuration,
      stderr: ["posttim-report: error: \(file.path):\(line): \(message)"])
    #expect(run.stdout.isEmpty)
  }

  @Test("--no-send on the command line leaves the file's output in place")
  func noSendKeepsOutput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "agenda.md")
    let file = try Self.configFile("output = \(output.path)\n", in: folder)
    expectRun(arguments: Self.base + ["--config", file.path, "--no-send"], exit: .success)
    #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("# "))
  }
}
