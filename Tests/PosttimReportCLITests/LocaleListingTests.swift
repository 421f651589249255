import Foundation
import PosttimReportCLI
import Testing
import TestSupport

@Suite("--list-locales")
struct LocaleListingTests {
  static let shipped = [
    "ar        complete    Arabic                    العربية",
    "de        complete    German                    Deutsch",
    "en        complete    English                   English",
    "es        complete    Spanish                   español",
    "fr        complete    French                    français",
    "he        complete    Hebrew                    עברית",
    "it        complete    Italian                   italiano",
    "ja        complete    Japanese                  日本語",
    "pt        complete    Portuguese                português",
    "zh_Hans   complete    Chinese (Simplified)      中文（简体）",
  ]

  static func text(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }

  @Test("every shipped catalog, complete, named in English and in itself")
  func shipped() {
    let run = CapturedRun()
    #expect(run.run(["--list-locales"]) == .success)
    #expect(run.stdout == Self.text(Self.shipped))
    #expect(run.stderr == [])
  }

  @Test(
    "with --locale: the catalogs in lookup order",
    arguments: [
      ("fr_CA", ["fr_CA: fr (français) → en (English)", "every message from fr"]),
      ("fr-CA", ["fr_CA: fr (français) → en (English)", "every message from fr"]),
      ("en_US", ["en_US: en (English)", "every message from en"]),
      ("ar-EG", ["ar_EG: ar (العربية) → en (English)", "every message from ar"]),
      ("ja_JP@calendar=japanese", ["ja_JP@calendar=japanese: ja (日本語) → en (English)", "every message from ja"]),
      ("zh_CN", ["zh_CN: zh_Hans (中文（简体）) → en (English)", "every message from zh_Hans"]),
      ("he_IL", ["he_IL: he (עברית) → en (English)", "every message from he"]),
      ("ko", ["ko: en (English)", "no catalog for ko (Korean): every message in en"]),
      ("zh_TW", ["zh_TW: en (English)", "no catalog for zh_TW (Chinese (Taiwan)): every message in en"]),
    ])
  func chain(locale: String, lines: [String]) {
    let run = CapturedRun()
    #expect(run.run(["--list-locales", "--locale", locale]) == .success)
    #expect(run.stdout == Self.text(lines))
    #expect(run.stderr == [])
  }

  /// A --template-dir with a French catalog missing two keys (and one
  /// misspelt), a one-message fr_CA override, a broken de.json and a
  /// README that is not a catalog.
  static func overrides() throws -> URL {
    let folder = try temporaryFolder()
    let messages = folder.appending(path: "messages")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let shipped = TestPaths.packageRoot.appending(path: "Templates/messages/fr.json")
    var french = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: String])
    french["mail.subject"] = nil
    french["index.title"] = nil
    french["report.titre"] = "Agenda"
    try JSONSerialization.data(withJSONObject: french).write(to: messages.appending(path: "fr.json"))
    try Data(#"{"column.time": "Heure (HNE)"}"#.utf8).write(to: messages.appending(path: "fr_CA.json"))
    try Data(#"["nicht", "so"]"#.utf8).write(to: messages.appending(path: "de.json"))
    try Data("notes\n".utf8).write(to: messages.appending(path: "README.md"))
    return folder
  }

  @Test("--template-dir: incomplete, invalid and regional catalogs")
  func overridden() throws {
    let folder = try Self.overrides()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CapturedRun()
    #expect(run.run(["--list-locales", "--template-dir", folder.path]) == .success)
    var expected = Self.shipped
    expected[1] = "de        invalid     German                    Deutsch"
    expected.insert("            not a JSON object of strings", at: 2)
    expected[5...5] = [
      "fr        incomplete  French                    français",
      "            missing: index.title, mail.subject",
      "            unknown keys: report.titre",
      "fr_CA     incomplete  French (Canada)           français (Canada)",
      "            1 of 22 messages, the rest from fr",
      "            missing: index.title, mail.subject",
    ]
    #expect(run.stdout == Self.text(expected))
    #expect(run.stderr == [])

    let chain = CapturedRun()
    #expect(chain.run(["--list-locales", "--template-dir", folder.path, "--locale", "fr_CA"]) == .success)
    #expect(
      chain.stdout
        == Self.text([
          "fr_CA: fr_CA (français (Canada)) → fr (français) → en (English)",
          "falls back to en for 2 of 22 messages: index.title, mail.subject",
        ]))
    let german = CapturedRun()
    #expect(german.run(["--list-locales", "--template-dir", folder.path, "--locale", "de_DE"]) == .success)
    #expect(german.stdout == Self.text(["de_DE: en (English)", "no catalog for de_DE (German (Germany)): every message in en"]))
  }

  @Test("a report in fr_CA with section.count missing from fr: English counts and one warning")
  func fallbackWarning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = folder.appending(path: "messages")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let shipped = TestPaths.packageRoot.appending(path: "Templates/messages/fr.json")
    var french = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: String])
    french["section.count"] = nil
    try JSONSerialization.data(withJSONObject: french).write(to: messages.appending(path: "fr.json"))

    let run = CapturedRun()
    let code = run.run([TestPaths.example.path, "--template-dir", folder.path, "--locale", "fr_CA", "--to", "2026-12-01"])
    #expect(code == .success)
    #expect(run.stdout.contains("\n## En retard\n"))
    #expect(run.stdout.contains("\n4 tasks\n"))
    #expect(run.stdout.contains("\n5 tasks\n"))
    #expect(run.stdout.contains("\n13 tâches en tout<br>\n"))
    #expect(run.stderr == ["posttim-report: warning: message \"section.count\" is missing for fr_CA; using en"])

    let listing = CapturedRun()
    #expect(listing.run(["--list-locales", "--template-dir", folder.path, "--locale", "fr_CA"]) == .success)
    #expect(
      listing.stdout
        == Self.text(["fr_CA: fr (français) → en (English)", "falls back to en for 1 of 22 messages: section.count"]))
  }
}
