import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// How a config file's lines and values are read: every line end (LF,
/// CRLF, CR), values as the command line takes them, bounded lines and
/// messages, and every bad line reported in one run.
@Suite("Config file syntax")
struct ConfigFileSyntaxTests {
  let example = TestPaths.example.path
  let mail = [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "--to", "2026-12-01"]

  /// Runs with `text` as the config file; returns the run and the file's path.
  func run(_ text: String, _ arguments: [String]) throws -> (CapturedRun, ExitCode, String) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "config").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let run = CapturedRun()
    let status = run.run(["--config", path] + arguments)
    return (run, status, path)
  }

  /// The `To:` header with its folded lines.
  func toHeader(_ message: String) -> String {
    var lines: [Substring] = []
    for line in message.split(separator: "\r\n") {
      if line.hasPrefix("To:") || (!lines.isEmpty && line.first == " ") {
        lines.append(line)
      } else if !lines.isEmpty {
        break
      }
    }
    return lines.joined(separator: "\r\n")
  }

  @Test("a lone CR ends a line, as LF and CRLF do")
  func carriageReturns() throws {
    let (run, status, _) = try run("locale = en_US\rformat = csv\r\nmin-importance = 3\n", [example])
    #expect(status == .success, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\r\n")
    #expect(lines.first == "date,tache,importance,description,date_utc")
    // min-importance = 3 applies: the importance-2 task is left out.
    #expect(!run.stdout.contains("Vérifier les réveils"))
    #expect(lines.contains { $0.hasPrefix("\"Nov 30, 2026, 7:45\u{202F}AM\",Café avec Jean-François,3,") })
  }

  @Test("a CR inside a quoted value ends its line: the quote is reported unclosed, not the CR dropped")
  func carriageReturnInQuotes() throws {
    let (run, status, path) = try run(
      "subject = \"Agenda\rdu jour\"\n", mail + ["-f", "email", "--mail-to", "a@b.org"])
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: \(path):1:11: the quoted value has no closing quote",
        "posttim-report: error: \(path):2:1: expected 'name = value'",
      ])
  }

  @Test("mail-to = \"Tremblay, Zoë\" <z@example.org> is taken as the command line takes it")
  func quotedDisplayName() throws {
    let (run, status, _) = try run(
      "mail-to = \"Tremblay, Zoë\" <z@example.org>\nformat = email\n", mail)
    #expect(status == .success, "\(run.stderr)")
    let commandLine = expectRun(
      arguments: mail + ["-f", "email", "--mail-to", "\"Tremblay, Zoë\" <z@example.org>"], exit: .success)
    #expect(toHeader(run.stdout) == toHeader(commandLine.stdout))
    #expect(toHeader(run.stdout).contains("<z@example.org>"))
  }

  @Test("a value wholly in quotes loses its quotes and keeps its spaces")
  func quotedValue() throws {
    let (run, status, _) = try run("csv-delimiter = \";\"\nformat = \" csv \"\n", [example])
    #expect(status == .configuration)
    #expect(run.stderr.first?.contains(":2:10: unknown format ' csv '") == true, "\(run.stderr)")
    let (plain, plainStatus, _) = try self.run("csv-delimiter = \";\"\nformat = \"csv\"\n", [example])
    #expect(plainStatus == .success)
    #expect(plain.stdout.hasPrefix("date;tache"))
  }

  @Test("a line over 8,192 bytes is refused at once (78), naming the line, without echoing it")
  func longLine() throws {
    let (run, status, path) = try run(
      "format = csv\nsubject = " + String(repeating: "x", count: 100_000) + "\n", [example])
    #expect(status == .configuration)
    #expect(run.stderr == ["posttim-report: error: \(path):2: the line is longer than 8192 bytes"])
  }

  @Test("a long bad value is echoed cut short")
  func echoedValueCapped() throws {
    let value = String(repeating: "y", count: 5_000)
    let (run, status, path) = try run("format = \(value)\n", [example])
    #expect(status == .configuration)
    #expect(run.stderr.count == 1)
    let line = try #require(run.stderr.first)
    #expect(
      line.hasPrefix("posttim-report: error: \(path):1:10: unknown format '\(String(repeating: "y", count: 80))…'"))
    #expect(line.count < path.count + 300)
  }

  @Test("several bad lines are all reported in one run, one line each, in order")
  func severalErrors() throws {
    let (run, status, path) = try run(
      "fromat = csv\nlocale fr_CA\nno-relative = maybe\nformat = csv\nformat = html\nhelp = true\n", [example])
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: \(path):1:1: unknown option 'fromat' (did you mean 'format'?)",
        "posttim-report: error: \(path):2:1: expected 'name = value'",
        "posttim-report: error: \(path):3:15: 'no-relative' takes true or false, got 'maybe'",
        "posttim-report: error: \(path):5:1: 'format' given more than once",
        "posttim-report: error: \(path):6:1: 'help' cannot be set in the config file",
      ])
  }

  @Test("past 20 bad lines, the rest are counted, not listed")
  func manyErrors() throws {
    let (run, status, path) = try run(String(repeating: "nonsense\n", count: 50), [example])
    #expect(status == .configuration)
    #expect(run.stderr.count == 21)
    #expect(run.stderr.last == "posttim-report: error: \(path): 30 more errors not shown")
  }

  @Test("a byte sequence that is not UTF-8 is located by line")
  func notUTF8() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "config").path
    try Data("format = csv\nsubject = caf".utf8 + [0xE9] + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
    expectRun(
      arguments: ["--config", path, example], exit: .configuration,
      stderr: ["posttim-report: error: \(path):2: not UTF-8 text"])
  }

  @Test("a UTF-8 byte order mark at the start is not part of the first name")
  func byteOrderMark() throws {
    let (run, status, _) = try run("\u{FEFF}format = csv\n", [example])
    #expect(status == .success, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("date,tache"))
  }
}
