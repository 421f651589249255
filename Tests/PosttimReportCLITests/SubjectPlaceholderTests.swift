import Foundation
import PosttimICU
import PosttimReportCLI
import TestSupport
import Testing

/// A subject may use only {date}, {from}, {to} and {count}: ICU writes any
/// other argument as its own text, so a typo in a cron line was mailed as
/// "{nonexistent}" with exit 0. Refused naming the placeholder and where:
/// 64 on the command line, 78 in the config file or a `--template-dir` catalog.
@Suite("Subject placeholders")
struct SubjectPlaceholderTests {
  static let base = [
    TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-l", "en_US", "-f", "email", "--mail-to",
    "b@example.org", "--mail-from", "a@example.org",
  ]
  static let known = "(a subject may use {date}, {from}, {to}, {count})"

  @Test(
    "an unknown placeholder on the command line: 64 naming it",
    arguments: [
      ("{nonexistent}", "placeholder {nonexistent} unknown"), ("Agenda {0}", "placeholder {0} unknown"),
      ("{count, plural, one {{x}} other {{date}}} {y}", "placeholders {x}, {y} unknown"),
    ])
  func commandLine(subject: String, reason: String) {
    let run = expectRun(
      arguments: Self.base + ["--config", "/dev/null", "--subject", subject], exit: .usage,
      error: "posttim-report: error: --subject '\(subject)': \(reason) \(Self.known)")
    #expect(run.stdout.isEmpty)
  }

  @Test(
    "a placeholder an apostrophe quotes on the command line: 64, it would be mailed as written",
    arguments: ["Agenda '{date}' {count}", "L'{date}", "{count, plural, =0 {'{'count'}'} other {#}}"])
  func quotedPlaceholder(subject: String) {
    let placeholder = subject.hasPrefix("{count") ? "{count}" : "{date}"
    let run = expectRun(
      arguments: Self.base + ["--config", "/dev/null", "--subject", subject], exit: .usage,
      error: "posttim-report: error: --subject '\(subject)': prints \(placeholder) as written: an apostrophe before "
        + "'{' starts quoted text (write '' for an apostrophe, or use ’)")
    #expect(run.stdout.isEmpty)
  }

  @Test("an unknown placeholder in the config file: 78 naming the line")
  func configFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "report.conf")
    try "locale = en_US\nsubject = Agenda {dat}\n".write(to: file, atomically: true, encoding: .utf8)
    expectRun(
      arguments: Self.base + ["--config", file.path], exit: .configuration,
      stderr: [
        "posttim-report: error: \(file.path):2:11: --subject 'Agenda {dat}': placeholder {dat} unknown \(Self.known)"
      ])
  }

  @Test("an unknown placeholder in a --template-dir catalog's mail.subject: 78 naming the file")
  func catalog() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    let catalog = folder.appending(path: "messages/en.json")
    try #"{"mail.subject": "Agenda {jour}"}"#.write(to: catalog, atomically: true, encoding: .utf8)
    expectRun(
      arguments: Self.base + ["--config", "/dev/null", "--template-dir", folder.path], exit: .configuration,
      stderr: [
        "posttim-report: error: \(catalog.path): message \"mail.subject\": placeholder {jour} unknown \(Self.known)"
      ])
  }

  @Test("the four placeholders, nested ones too, are kept")
  func knownPlaceholders() {
    let run = expectRun(
      arguments: Self.base + [
        "--config", "/dev/null", "--subject", "{count, plural, one {# task} other {# tasks}}: {from} to {to} ({date})",
      ], exit: .success)
    #expect(run.stdout.contains("Subject: "))
  }

  @Test("ICU's argument names: each once, in pattern order, nested ones included")
  func argumentNames() throws {
    #expect(
      try ICUMessageFormat.argumentNames(in: "{count, plural, one {{date}} other {{nom} {0}}} {date}")
        == ["count", "date", "nom", "0"])
    #expect(try ICUMessageFormat.argumentNames(in: "'{quoted}' plain") == [])
  }
}
