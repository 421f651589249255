import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `-l fr_CA,ar_EG -l ja_JP` (many locales in one run), through
/// the real command in-process. Expected outputs are built from the
/// one-locale outputs (which have their own goldens) and from names and
/// headers written out by hand: CLDR's own names of the languages, the CSV
/// and JSON shapes README and docs/json-schema.md give.
@Suite("CLI: several locales in one run")
struct SeveralLocalesTests {
  let base = [TestPaths.example.path, "--time-zone", "America/Toronto", "--now", "2026-11-30T14:00:00Z"]

  func output(_ arguments: [String]) throws -> String {
    let capture = expectRun(arguments: base + arguments, exit: .success)
    return String(decoding: try Data(contentsOf: URL(fileURLWithPath: capture.stdoutPath)), as: UTF8.self)
  }

  @Test("markdown: '# <language in its own language>', a blank line, then that locale's own report")
  func markdown() throws {
    let french = try output(["-l", "fr_CA", "-f", "markdown"])
    let japanese = try output(["-l", "ja_JP", "-f", "markdown"])
    let both = try output(["-l", "fr_CA", "-l", "ja_JP", "-f", "markdown"])
    #expect(both == "# français (Canada)\n\n" + french + "\n# 日本語 (日本)\n\n" + japanese)
  }

  @Test("text: the name, '=' as wide as it (CJK counts 2 columns), a blank line, the report")
  func text() throws {
    let french = try output(["-l", "fr_CA", "-f", "text", "--width", "80"])
    let japanese = try output(["-l", "ja_JP", "-f", "text", "--width", "80"])
    let both = try output(["-l", "fr_CA,ja_JP", "-f", "text", "--width", "80"])
    // "français (Canada)": 17 columns; "日本語 (日本)": 5 wide characters (10) + 3.
    let expected =
      "français (Canada)\n" + String(repeating: "=", count: 17) + "\n\n" + french
      + "\n日本語 (日本)\n" + String(repeating: "=", count: 13) + "\n\n" + japanese
    #expect(both == expected)
  }

  @Test("csv: one header 'locale,date,…', then each locale's rows behind its ICU locale ID")
  func csv() throws {
    let french = try output(["-l", "fr_CA", "-f", "csv"])
    let arabic = try output(["-l", "ar_EG", "-f", "csv"])
    let both = try output(["-l", "fr_CA,ar_EG", "-f", "csv", "--csv-bom"])
    let header = "date,tache,importance,description,date_utc\r\n"
    #expect(french.hasPrefix(header))
    func rows(_ table: String, _ locale: String) -> String {
      table.dropFirst(header.count).split(separator: "\r\n", omittingEmptySubsequences: false).dropLast()
        .map { locale + "," + $0 + "\r\n" }.joined()
    }
    #expect(both == "\u{FEFF}locale," + header + rows(french, "fr_CA") + rows(arabic, "ar_EG"))
  }

  @Test("json: {schemaVersion 1, generator, reports: [each locale's own document]}")
  func json() throws {
    let french = try output(["-l", "fr_CA", "-f", "json"])
    let hebrew = try output(["-l", "he_IL", "-f", "json"])
    let both = try output(["-l", "fr_CA,he_IL", "-f", "json"])
    #expect(both.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"generator\": {\n"))
    #expect(both.contains("\n  },\n  \"reports\": [\n    {\n      \"schemaVersion\": 1,\n"))
    #expect(both.hasSuffix("\n    }\n  ]\n}\n"))
    let root = try #require(try JSONSerialization.jsonObject(with: Data(both.utf8)) as? NSDictionary)
    #expect(Set(root.allKeys as? [String] ?? []) == ["schemaVersion", "generator", "reports"])
    let reports = try #require(root["reports"] as? [NSDictionary])
    #expect(reports.count == 2)
    for (report, single) in zip(reports, [french, hebrew]) {
      #expect(report == (try JSONSerialization.jsonObject(with: Data(single.utf8)) as? NSDictionary))
    }
    #expect((reports[1]["locale"] as? NSDictionary)?["id"] as? String == "he_IL")
    #expect((reports[1]["locale"] as? NSDictionary)?["direction"] as? String == "rtl")
  }

  @Test("ics: the first locale's calendar")
  func ics() throws {
    #expect(try output(["-l", "ru_RU,fr_CA", "-f", "ics"]) == (try output(["-l", "ru_RU", "-f", "ics"])))
  }

  @Test("html: one document, a language index in each language's own name, a lang/dir part each, unique IDs")
  func html() throws {
    let page = try output(["-l", "fr_CA,ar_EG,ja_JP,he_IL,ru_RU", "-f", "html"])
    #expect(page.hasPrefix("<!doctype html>\n<html lang=\"fr-CA\" dir=\"ltr\">"))
    let names = [
      ("fr-CA", "ltr", "français (Canada)"), ("ar-EG", "rtl", "العربية (مصر)"), ("ja-JP", "ltr", "日本語 (日本)"),
      ("he-IL", "rtl", "עברית (ישראל)"), ("ru-RU", "ltr", "русский (Россия)"),
    ]
    for (tag, direction, name) in names {
      #expect(
        page.contains(
          "<a href=\"#locale-\(tag)\" lang=\"\(tag)\" dir=\"\(direction)\" hreflang=\"\(tag)\" style=\"color:#0b57d0;\">\(name)</a>"
        ))
      #expect(
        page.contains("<article id=\"locale-\(tag)\" lang=\"\(tag)\" dir=\"\(direction)\" aria-label=\"\(name)\""))
      #expect(
        page.contains(
          "<section id=\"\(tag)-day-2026-11-30\" dir=\"\(direction)\" aria-labelledby=\"\(tag)-day-2026-11-30-h\""))
    }
    #expect(page.components(separatedBy: "<main>").count == 2)
    #expect(page.components(separatedBy: "</html>").count == 2)
    let ids = matches(of: #" id="([^"]*)""#, in: page)
    #expect(Set(ids).count == ids.count, "duplicate IDs")
    for target in matches(of: ##"href="#([^"]*)""##, in: page) + matches(of: #"aria-labelledby="([^"]*)""#, in: page) {
      #expect(ids.contains(target), "\(target) names no element")
    }
  }

  func matches(of pattern: String, in text: String) -> [String] {
    let expression = try! NSRegularExpression(pattern: pattern)
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
      String(text[Range($0.range(at: 1), in: text)!])
    }
  }

  @Test("-o with {locale}: one file per locale named by its BCP 47 tag, each that locale's own report")
  func filePerLocale() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    expectRun(
      arguments: base + [
        "-l", "fr_CA,ar_EG", "-l", "ja_JP", "-l", "he_IL,ru_RU", "-f", "html",
        "-o", folder.appending(path: "agenda-{locale}.html").path,
      ], exit: .success)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(
      files == [
        "agenda-ar-EG.html", "agenda-fr-CA.html", "agenda-he-IL.html", "agenda-ja-JP.html", "agenda-ru-RU.html",
      ])
    for (file, locale) in [("agenda-ar-EG.html", "ar_EG"), ("agenda-ja-JP.html", "ja_JP")] {
      let written = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
      #expect(written == (try output(["-l", locale, "-f", "html"])))
    }
  }

  @Test("one locale: every format's output is the same with and without -o '{locale}', and without any locale column")
  func oneLocaleUnchanged() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for format in ["markdown", "html", "csv", "json", "ics", "text"] {
      let standard = try output(["-l", "fr_CA", "-f", format])
      expectRun(
        arguments: base + ["-l", "fr_CA", "-f", format, "-o", folder.appending(path: "\(format)-{locale}").path],
        exit: .success)
      #expect(try String(contentsOf: folder.appending(path: "\(format)-fr-CA"), encoding: .utf8) == standard)
    }
    #expect(try output(["-l", "fr_CA", "-f", "csv"]).hasPrefix("date,tache,"))
    #expect(!(try output(["-l", "fr_CA", "-f", "json"])).contains("\"reports\""))
  }

  @Test("refused: a locale given twice, and a {locale} name that is an input (nothing written)")
  func refusals() throws {
    expectRun(
      arguments: base + ["-l", "fr_CA,ja_JP", "-l", "fr-CA"], exit: .usage,
      error: "posttim-report: error: locale 'fr-CA' given twice (as 'fr_CA' before)")

    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "ja-JP.plist").path
    try FileManager.default.copyItem(atPath: TestPaths.example.path, toPath: input)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    let run = expectRun(
      arguments: [
        input, "--time-zone", "America/Toronto", "-l", "fr_CA,ja_JP", "-o",
        folder.appending(path: "{locale}.plist").path,
      ], exit: .usage)
    #expect(run.stderr.first?.contains("is the input '\(input)'; refusing to overwrite a task list") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ja-JP.plist"])
  }

  @Test("email: one message in every locale; Subject in the first, Content-Language lists both (RFC 3282)")
  func email() throws {
    let message = try output([
      "-l", "fr_CA,ar_EG", "-f", "email", "--mail-to", "a@example.org", "--mail-from", "b@example.org",
    ])
    #expect(message.contains("\r\nSubject: Agenda du lundi 30 novembre 2026\r\n"))
    #expect(message.contains("\r\nContent-Language: fr-CA, ar-EG\r\n"))
    #expect(message.components(separatedBy: "\r\nMessage-ID: ").count == 2)
  }

  @Test("extensions stay out of HTML lang and Content-Language (BCP 47 §2.2.6; Nu checker: Unknown extension)")
  func extensionsStripped() throws {
    let page = try output(["-l", "ar-EG-u-nu-latn", "-f", "html"])
    #expect(page.contains("<html lang=\"ar-EG\" dir=\"rtl\""))
    #expect(!page.contains("-u-nu"))
    let message = try output(
      ["-l", "th_TH-u-ca-buddhist", "-f", "email", "--mail-to", "a@example.org", "--mail-from", "b@example.org"])
    #expect(message.contains("\r\nContent-Language: th-TH\r\n"))
  }
}
