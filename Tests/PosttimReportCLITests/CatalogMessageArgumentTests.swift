import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Every message of a `--template-dir` catalog may use only the arguments
/// its key is given (MessageKey, the catalog README), and must format with
/// them: ICU writes an unknown `{nom}` as its own text, and a `{date,
/// number}` that fails to format would fall back to English. Both are
/// refused before a run (78, naming the file, the key and the placeholder),
/// and `--list-locales --template-dir` fails with the same error.
@Suite("CLI: catalog messages take their key's arguments")
struct CatalogMessageArgumentTests {
  static let cases: [(key: String, pattern: String, reason: String)] = [
    ("report.title", "Agenda de {nom}", "placeholder {nom} unknown (report.title takes no placeholder)"),
    ("column.time", "{heure}", "placeholder {heure} unknown (column.time takes no placeholder)"),
    (
      "report.generated", "Généré par {generator} le {dat}",
      "placeholder {dat} unknown (report.generated may use {generator}, {date})"
    ),
    (
      "section.count", "{count, plural, one {# tâche} other {# tâches de {nom}}}",
      "placeholder {nom} unknown (section.count may use {count})"
    ),
    (
      "report.generated", "Généré par {generator} le {date, number}",
      "U_INVALID_FORMAT_ERROR when formatted ({generator} and {date} are text)"
    ),
    (
      "details.source", "{file, number} {entry, number}",
      "U_INVALID_FORMAT_ERROR when formatted ({entry} is a number; {file} is text)"
    ),
    ("report.total", "{count, select, other {x}}", "U_INVALID_FORMAT_ERROR when formatted ({count} is a number)"),
    ("report.timeZone", "Fuseau de l'{zone}", "prints {zone} as written: " + quoting),
    ("report.timeZone", "'{zone}' {zone}", "prints {zone} as written: " + quoting),
    (
      "section.count", "{count, plural, one {# tâche} many {'{'count'}' tâches} other {# tâches}}",
      "prints {count} as written: " + quoting
    ),
  ]
  static let quoting = "an apostrophe before '{' starts quoted text (write '' for an apostrophe, or use ’)"

  @Test("a report and --list-locales: 78 naming the file, the key and why", arguments: cases)
  func refused(key: String, pattern: String, reason: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    let file = folder.appending(path: "messages/fr.json")
    try JSONSerialization.data(withJSONObject: [key: pattern]).write(to: file)
    let error = "posttim-report: error: \(file.path): message \"\(key)\": \(reason)"
    let output = folder.appending(path: "out.md").path
    let report = expectRun(
      arguments: [
        TestPaths.example.path, "--config", "/dev/null", "--template-dir", folder.path, "-l", "fr_CA", "-z", "UTC",
        "-o", output,
      ], exit: .configuration, stderr: [error])
    #expect(report.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: output))
    let listing = expectRun(
      arguments: ["--list-locales", "--config", "/dev/null", "--template-dir", folder.path], exit: .configuration,
      stderr: [error])
    #expect(listing.stdout.contains("\nfr        invalid  "))
    #expect(listing.stdout.contains("\n" + String(repeating: " ", count: 12) + "message \"\(key)\": \(reason)\n"))
  }

  @Test("messages that use their own arguments, nested or formatted, are used")
  func accepted() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: [
      "report.title": "Mon agenda", "report.total": "{count, plural, one {# tâche} other {{count, number} tâches}}",
      "report.generated": "{generator} — {date, select, other {{date}}}",
    ]).write(to: folder.appending(path: "messages/fr.json"))
    let run = expectRun(
      arguments: [
        TestPaths.example.path, "--config", "/dev/null", "--template-dir", folder.path, "-l", "fr", "-z", "UTC",
        "--now", "2026-11-30T14:00:00Z",
      ],
      exit: .success)
    #expect(run.stdout.hasPrefix("# Mon agenda\n"))
    #expect(run.stdout.contains("24 tâches"))
  }
}
