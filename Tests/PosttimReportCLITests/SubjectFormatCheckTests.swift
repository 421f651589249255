import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Some subject patterns parse but fail only when formatted, for the
/// subject's argument types: `{count}` is a number and `{date}`, `{from}`,
/// `{to}` are text. One check, formatting the pattern once before the
/// run, refuses them wherever they are written: 64 for `--subject`, 78 for
/// the config file's `subject` and for a `--template-dir` catalog's
/// `mail.subject` (naming the file and the key), never a warning and an
/// English subject with exit 0.
@Suite("Subjects that fail only when formatted")
struct SubjectFormatCheckTests {
  static let base = [
    TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-l", "en_US", "-z", "UTC", "-f", "email",
    "--mail-to", "b@example.org", "--mail-from", "a@example.org",
  ]
  static let types = "when formatted ({count} is a number; {date}, {from} and {to} are text)"
  static let patterns = [
    ("{count, select, other {x}}", "U_INVALID_FORMAT_ERROR"), ("{date, number}", "U_INVALID_FORMAT_ERROR"),
    ("{date, plural, other {#}}", "U_ILLEGAL_ARGUMENT_ERROR"),
  ]

  @Test("in a --template-dir catalog's mail.subject: 78 naming the file and the key", arguments: patterns)
  func catalog(pattern: String, status: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    let catalog = folder.appending(path: "messages/en.json")
    try JSONSerialization.data(withJSONObject: ["mail.subject": pattern]).write(to: catalog)
    let output = folder.appending(path: "out.eml").path
    let run = expectRun(
      arguments: Self.base + ["--config", "/dev/null", "--template-dir", folder.path, "-o", output],
      exit: .configuration,
      stderr: ["posttim-report: error: \(catalog.path): message \"mail.subject\": \(status) \(Self.types)"])
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("as --subject: 64 with the same reason", arguments: patterns)
  func commandLine(pattern: String, status: String) {
    expectRun(
      arguments: Self.base + ["--config", "/dev/null", "--subject", pattern], exit: .usage,
      error: "posttim-report: error: --subject '\(pattern)' is not a valid message pattern: \(status) \(Self.types)")
  }

  @Test("as the config file's subject: 78 naming the line, with the same reason", arguments: patterns)
  func configFile(pattern: String, status: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "report.conf")
    try "subject = \(pattern)\n".write(to: file, atomically: true, encoding: .utf8)
    expectRun(
      arguments: Self.base + ["--config", file.path], exit: .configuration,
      stderr: [
        "posttim-report: error: \(file.path):1:11: --subject '\(pattern)' is not a valid message pattern: "
          + "\(status) \(Self.types)"
      ])
  }

  @Test("a catalog subject that formats is used")
  func goodCatalogSubject() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: [
      "mail.subject": "{count, plural, one {# task} other {# tasks}} from {date, select, other {{date}}}"
    ]).write(to: folder.appending(path: "messages/en.json"))
    let run = expectRun(
      arguments: Self.base + ["--config", "/dev/null", "--template-dir", folder.path], exit: .success, stderr: [])
    #expect(run.stdout.contains("Subject: 24 tasks from Monday, November 30, 2026"))
  }
}
