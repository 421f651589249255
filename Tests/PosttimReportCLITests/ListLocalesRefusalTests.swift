import Foundation
import PosttimReport
import PosttimReportCLI
import Testing
import TestSupport

/// `--list-locales --template-dir DIR`, the translators' check, fails on
/// the catalogs a report with DIR refuses: same message, same exit (78),
/// and the catalog listed as invalid with the reason under it.
@Suite("CLI: --list-locales refuses the catalogs a report refuses")
struct ListLocalesRefusalTests {
  static let catalogs: [(text: String, reason: String)] = [
    (#"{"report.title":"{unclosed"}"#, #"message "report.title": unmatched braces (ICU does not say where)"#),
    (
      #"{"report.title":"{count, plural, one {x}}"}"#,
      #"message "report.title": a plural or select without its 'other' case (ICU does not say where)"#
    ),
    (#"{"mail.subject":"Agenda {bogus}"}"#, #"message "mail.subject": placeholder {bogus} unknown"#),
    ("[1]", "is not a JSON object (an array)"),
    (#"{"agenda.title":"T","mail.subject":1}"#, #""mail.subject" is a number, not a string"#),
    (#"{"a":"x","b":{"c":"d"},"z":true}"#, #""b" is an object, not a string"#),
    (
      "{\"agenda.title\":\"T\",\n\"mail.subject\": \"x\",\n \"oops\" }",
      #"is not valid JSON at line 3, column 9 (after the key "oops"): expected ':' after the key, found '}'"#
    ),
    (
      "\u{FEFF}{\"é\":\"à\" \"b\"}",
      #"is not valid JSON at line 1, column 10 (after the value of "é"): expected ',' or '}', found '"'"#
    ),
    (
      #"{"x":"\ud800"}"#,
      #"is not valid JSON at line 1, column 7 (in the value of "x"): '\uD800' is a lone high surrogate (no \uDC00–\uDFFF follows): it stands for no character"#
    ),
    (
      #"{"a":"x","b":"y",}"#,
      #"is not valid JSON at line 1, column 17 (after the value of "b"): a comma before '}': JSON allows no trailing comma"#
    ),
    (
      #"{"report.title":"x","report.title":"y"}"#,
      #"has the key "report.title" twice, at line 1, column 2 and line 1, column 21"#
    ),
  ]

  @Test("a broken catalog: the report's error and exit 78, after a listing that shows why", arguments: catalogs)
  func brokenCatalog(text: String, reason: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    let file = folder.appending(path: "messages/fr.json")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let report = expectRun(
      arguments: [TestPaths.example.path, "--template-dir", folder.path, "-l", "fr_CA", "-z", "UTC"],
      exit: .configuration)
    let error = try #require(report.stderr.first)
    #expect(error.hasPrefix("posttim-report: error: \(file.path): \(reason)"))
    let listing = expectRun(arguments: ["--list-locales", "--template-dir", folder.path], exit: .configuration)
    #expect(listing.stderr == report.stderr)
    let lines = listing.stdout.split(separator: "\n").map(String.init)
    let line = try #require(lines.firstIndex { $0.hasPrefix("fr ") })
    #expect(lines[line].hasPrefix("fr        invalid     0/\(MessageKey.allCases.count) "))
    #expect(lines[line + 1].hasPrefix(String(repeating: " ", count: 12) + reason))
    #expect(lines.contains { $0.hasPrefix("de        complete ") })
    let chain = expectRun(
      arguments: ["--list-locales", "--template-dir", folder.path, "-l", "fr_CA"], exit: .configuration)
    #expect(chain.stderr == report.stderr)
  }

  @Test("sound catalogs: the listing exits 0")
  func soundCatalog() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    try #"{"report.title":"Mon agenda"}"#.write(
      to: folder.appending(path: "messages/fr.json"), atomically: true, encoding: .utf8)
    let listing = expectRun(arguments: ["--list-locales", "--template-dir", folder.path], exit: .success, stderr: [])
    let total = MessageKey.allCases.count
    #expect(listing.stdout.contains("\nfr        complete    \(total)/\(total) "))
    #expect(listing.stdout.contains("\n            1 of \(total) messages, the rest from the shipped fr\n"))
  }

  @Test("catalogs each under 1 MiB that pass 4 MiB together for the locales given: the report's error and exit 78")
  func catalogsPastTheCapTogether() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    for language in ["de", "es", "it", "nl", "pt"] {
      let padded = ["x.pad": String(repeating: "p", count: 1_000_000)]
      try JSONSerialization.data(withJSONObject: padded)
        .write(to: folder.appending(path: "messages/\(language).json"))
    }
    let locales = "de_DE,es_ES,it_IT,nl_NL,pt_BR"
    let report = expectRun(
      arguments: [TestPaths.example.path, "--template-dir", folder.path, "-l", locales, "-z", "UTC"],
      exit: .configuration)
    // (After warnings: these catalogs replace the shipped ones and lack most keys.)
    let error =
      "posttim-report: error: \(folder.path)/messages/pt.json: loading it takes the text of the templates and "
      + "catalogs read from '\(folder.path)' past 4 MiB, the cap for one report (a file under several names "
      + "counts once)"
    #expect(report.stderr.last == error)
    let listing = expectRun(
      arguments: ["--list-locales", "--template-dir", folder.path, "-l", locales], exit: .configuration)
    #expect(listing.stderr == [error])
    #expect(listing.stdout.hasPrefix("de_DE: de (Deutsch) → en (English)\n"))
    // Four of them fit: listed, exit 0.
    expectRun(arguments: ["--list-locales", "--template-dir", folder.path, "-l", "de,es,it,nl"], exit: .success)
  }
}
