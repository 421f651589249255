import Foundation
import PosttimReportCLI
import Testing
import TestSupport

@Suite("--list-locales")
struct LocaleListingTests {
  static let shipped = [
    "ar        complete    24/24  zero one two few many other  Arabic                    العربية",
    "bn        complete    24/24  one other                    Bangla                    বাংলা",
    "ca        complete    24/24  one many other               Catalan                   català",
    "cs        complete    24/24  one few many other           Czech                     čeština",
    "da        complete    24/24  one other                    Danish                    dansk",
    "de        complete    24/24  one other                    German                    Deutsch",
    "el        complete    24/24  one other                    Greek                     Ελληνικά",
    "en        complete    24/24  one other                    English                   English",
    "es        complete    24/24  one many other               Spanish                   español",
    "fa        complete    24/24  one other                    Persian                   فارسی",
    "fi        complete    24/24  one other                    Finnish                   suomi",
    "fr        complete    24/24  one many other               French                    français",
    "he        complete    24/24  one two other                Hebrew                    עברית",
    "hi        complete    24/24  one other                    Hindi                     हिन्दी",
    "hu        complete    24/24  one other                    Hungarian                 magyar",
    "id        complete    24/24  other                        Indonesian                Indonesia",
    "it        complete    24/24  one many other               Italian                   italiano",
    "ja        complete    24/24  other                        Japanese                  日本語",
    "ko        complete    24/24  other                        Korean                    한국어",
    "lt        complete    24/24  one few many other           Lithuanian                lietuvių",
    "lv        complete    24/24  zero one other               Latvian                   latviešu",
    "nb        complete    24/24  one other                    Norwegian Bokmål          norsk bokmål",
    "nl        complete    24/24  one other                    Dutch                     Nederlands",
    "pl        complete    24/24  one few many other           Polish                    polski",
    "pt        complete    24/24  one many other               Portuguese                português",
    "ro        complete    24/24  one few other                Romanian                  română",
    "ru        complete    24/24  one few many other           Russian                   русский",
    "sv        complete    24/24  one other                    Swedish                   svenska",
    "th        complete    24/24  other                        Thai                      ไทย",
    "tr        complete    24/24  one other                    Turkish                   Türkçe",
    "uk        complete    24/24  one few many other           Ukrainian                 українська",
    "vi        complete    24/24  other                        Vietnamese                Tiếng Việt",
    "zh_Hans   complete    24/24  other                        Chinese (Simplified)      中文（简体）",
    "zh_Hant   complete    24/24  other                        Chinese (Traditional)     中文（繁體）",
  ]

  static func text(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }

  @Test("every shipped catalog, complete, named in English and in itself")
  func shipped() {
    let run = expectRun(arguments: ["--list-locales"], exit: .success)
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
      ("ko", ["ko: ko (한국어) → en (English)", "every message from ko"]),
      ("zh_TW", ["zh_TW: zh_Hant (中文（繁體）) → en (English)", "every message from zh_Hant"]),
      ("zh_HK", ["zh_HK: zh_Hant (中文（繁體）) → en (English)", "every message from zh_Hant"]),
      ("zh_SG", ["zh_SG: zh_Hans (中文（简体）) → en (English)", "every message from zh_Hans"]),
      // A deprecated language code is listed as its current one.
      ("iw_IL", ["he_IL: he (עברית) → en (English)", "every message from he"]),
      ("iw_IL.UTF-8", ["he_IL: he (עברית) → en (English)", "every message from he"]),
      ("no_NO", ["no_NO: nb (norsk bokmål) → en (English)", "every message from nb"]),
      ("ms", ["ms: en (English)", "no catalog for ms (Malay): every message in en"]),
    ])
  func chain(locale: String, lines: [String]) {
    let run = expectRun(arguments: ["--list-locales", "--locale", locale], exit: .success)
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

  @Test("a catalog file whose name is no locale is listed invalid, its name escaped (no raw ESC); exit 78 as a report")
  func catalogNameNotALocale() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = folder.appending(path: "messages")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appending(path: "Templates/messages/en.json"),
      to: messages.appending(path: "x\u{1b}[31my.json"))
    let run = expectRun(arguments: ["--list-locales", "--template-dir", folder.path], exit: .configuration)
    #expect(!run.stdout.contains("\u{1b}"))
    let lines = run.stdout.components(separatedBy: "\n")
    let index = try #require(lines.firstIndex { $0.hasPrefix("x\\u{1b}[31my") })
    #expect(lines[index].hasPrefix("x\\u{1b}[31my invalid     0/24 "))
    #expect(lines[index + 1] == "            is not named after a locale (fr.json, zh_Hans.json…)")
  }

  @Test("--template-dir: partial, invalid and regional catalogs; the invalid one is the report's error, exit 78")
  func overridden() throws {
    let folder = try Self.overrides()
    defer { try? FileManager.default.removeItem(at: folder) }
    // What a report with this folder says and does.
    let refusal = ["posttim-report: error: \(folder.path)/messages/de.json: is not a JSON object (an array)"]
    let run = expectRun(
      arguments: ["--list-locales", "--template-dir", folder.path], exit: .configuration, stderr: refusal)
    var expected = Self.shipped
    expected[5] = "de        invalid     0/24   one other                    German                    Deutsch"
    expected.insert("            is not a JSON object (an array)", at: 6)
    expected[12...12] = [
      "fr        complete    24/24  one many other               French                    français",
      "            22 of 24 messages, the rest from the shipped fr",
      "            unknown keys: report.titre",
      "fr_CA     complete    24/24  one many other               French (Canada)           français (Canada)",
      "            1 of 24 messages, the rest from fr",
    ]
    #expect(run.stdout == Self.text(expected))
    expectRun(
      arguments: [TestPaths.example.path, "--template-dir", folder.path], exit: .configuration, stderr: refusal)

    let chain = expectRun(
      arguments: ["--list-locales", "--template-dir", folder.path, "--locale", "fr_CA"], exit: .configuration,
      stderr: refusal)
    #expect(
      chain.stdout
        == Self.text([
          "fr_CA: fr_CA (français (Canada)) → fr (français) → en (English)",
          "every message from fr_CA, fr",
          "fr: 22 of 24 messages from the template folder, the rest shipped",
          "fr: unknown keys: report.titre",
        ]))
    let german = expectRun(
      arguments: ["--list-locales", "--template-dir", folder.path, "--locale", "de_DE"], exit: .configuration,
      stderr: refusal)
    // The folder's de.json is refused (the report's error); the shipped one is still there under it.
    #expect(german.stdout == Self.text(["de_DE: de (Deutsch) → en (English)", "every message from de"]))
  }

  @Test("a --template-dir fr.json without section.count: the shipped French counts, no warning")
  func partialCatalogOverShipped() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = folder.appending(path: "messages")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let shipped = TestPaths.packageRoot.appending(path: "Templates/messages/fr.json")
    var french = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: String])
    french["section.count"] = nil
    try JSONSerialization.data(withJSONObject: french).write(to: messages.appending(path: "fr.json"))

    let run = expectRun(
      arguments: [TestPaths.example.path, "--template-dir", folder.path, "--locale", "fr_CA", "--to", "2026-12-01"],
      exit: .success, stderr: [])
    #expect(run.stdout.contains("\n## En retard\n"))
    #expect(run.stdout.contains("\n4 tâches\n"))
    #expect(run.stdout.contains("\n5 tâches\n"))
    #expect(run.stdout.contains("\n13 tâches en tout<br>\n"))

    let listing = expectRun(
      arguments: ["--list-locales", "--template-dir", folder.path, "--locale", "fr_CA"], exit: .success)
    #expect(
      listing.stdout
        == Self.text([
          "fr_CA: fr (français) → en (English)", "every message from fr",
          "fr: 23 of 24 messages from the template folder, the rest shipped",
        ]))
  }

  @Test("a --template-dir catalog key that names no message is warned about, not silently ignored")
  func unknownKeyWarning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = folder.appending(path: "messages")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    try Data(#"{"report.titel": "Mon agenda", "column.time": "Heure"}"#.utf8).write(
      to: messages.appending(path: "fr.json"))
    let run = expectRun(
      arguments: [TestPaths.example.path, "--template-dir", folder.path, "--locale", "fr_CA", "--to", "2026-12-01"],
      exit: .success,
      stderr: [
        "posttim-report: warning: message catalog messages/fr.json: no message is named 'report.titel' (a typo?); ignored"
      ])
    #expect(run.stdout.hasPrefix("# Agenda\n"))
    #expect(run.stdout.contains("| Heure | Tâche |"))
  }

  @Test("many unknown catalog keys: five named, the rest counted")
  func unknownKeysCapped() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = folder.appending(path: "messages")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let keys = (1...1_000).map { String(format: "other.app.%04d", $0) }
    try JSONSerialization.data(withJSONObject: Dictionary(uniqueKeysWithValues: keys.map { ($0, "x") }))
      .write(to: messages.appending(path: "fr.json"))
    expectRun(
      arguments: [TestPaths.example.path, "--template-dir", folder.path, "--locale", "fr_CA"], exit: .success,
      stderr: [
        "posttim-report: warning: message catalog messages/fr.json: no message is named 'other.app.0001', "
          + "'other.app.0002', 'other.app.0003', 'other.app.0004', 'other.app.0005' and 995 more keys (a typo?); ignored"
      ])
  }

  @Test("LANG=iw_IL.UTF-8: the legacy code for Hebrew gets the Hebrew catalog, no warning")
  func legacyLanguageFromEnvironment() {
    let run = expectRun(
      arguments: [
        TestPaths.example.path, "--time-zone", "America/Toronto", "--now", "2026-11-30T14:00:00Z", "--to", "2026-11-30",
      ], exit: .success, stderr: [], environment: ["LANG": "iw_IL.UTF-8"])
    #expect(run.stdout.hasPrefix("# סדר יום\n"))
    #expect(run.stdout.contains("\n5 משימות\n"))
  }

  @Test("a locale with no catalog: English words with English plurals (1 task, 24 tasks), one warning")
  func noCatalogEnglish() {
    let run = expectRun(
      arguments: [
        TestPaths.example.path, "--locale", "ms_MY", "--time-zone", "America/Toronto", "--now", "2026-11-30T14:00:00Z",
      ], exit: .success, stderr: ["posttim-report: warning: no message catalog for ms_MY; using en"])
    #expect(run.stdout.hasPrefix("# Agenda\n"))
    #expect(run.stdout.contains("\n1 task\n"))
    #expect(!run.stdout.contains("\n1 tasks\n"))
    #expect(run.stdout.contains("\n24 tasks in all<br>\n"))
  }

  @Test("a --template-dir catalog whose plurals miss the language's categories gets a line per message")
  func pluralProblems() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = folder.appending(path: "messages")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let shipped = TestPaths.packageRoot.appending(path: "Templates/messages/ru.json")
    var russian = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: String])
    // Written by someone who knows English plurals only.
    russian["section.count"] = "{count, plural, one {# задача} other {# задач}}"
    russian["report.total"] =
      "Всего {count, plural, =0 {ничего} one {# задача} few {# задачи} many {# задач} other {# задачи}}"
    try JSONSerialization.data(withJSONObject: russian).write(to: messages.appending(path: "ru.json"))
    let run = expectRun(arguments: ["--list-locales", "--template-dir", folder.path], exit: .success)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix("ru ") })
    #expect(
      lines[index] == "ru        complete    24/24  one few many other           Russian                   русский")
    #expect(lines[index + 1] == "            plural section.count: one, other; ru needs one, few, many, other")
    #expect(lines[index + 2].hasPrefix("sv "))
  }
}
