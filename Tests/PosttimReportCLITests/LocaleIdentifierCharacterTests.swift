import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A locale ID is ASCII with no space, invisible or control character:
/// one that carries such a character (a zero-width space pasted from a
/// web page, a no-break space from a spreadsheet) is refused naming the
/// character, the same way wherever the ID was written (64 on the command
/// line, 78 in the config file, 65 in a roster cell), never trimmed into
/// another locale in silence.
@Suite("Locale identifier characters")
struct LocaleIdentifierCharacterTests {
  static let example = TestPaths.example.path
  static let invisible = " (a locale ID has no spaces, invisible or control characters)"

  @Test(
    "a space, invisible or control character anywhere is 64 naming it as U+XXXX",
    arguments: [
      ("fr_CA\u{200B}", "U+200B ZERO WIDTH SPACE after \"fr_CA\"" + invisible),
      ("fr_CA\u{A0}", "U+00A0 NO-BREAK SPACE after \"fr_CA\"" + invisible),
      ("\u{FEFF}fr_CA", "U+FEFF ZERO WIDTH NO-BREAK SPACE at the start" + invisible),
      ("fr\u{AD}_CA", "U+00AD SOFT HYPHEN after \"fr\"" + invisible),
      ("fr_CA\u{2060}", "U+2060 WORD JOINER after \"fr_CA\"" + invisible),
      ("fr_CA\u{3000}", "U+3000 IDEOGRAPHIC SPACE after \"fr_CA\"" + invisible),
      (" fr_CA", "U+0020 SPACE at the start" + invisible),
      ("fr_CA ", "U+0020 SPACE after \"fr_CA\"" + invisible),
      ("fr_CA\t", "U+0009 (a control character) after \"fr_CA\"" + invisible),
      ("fr_CA.UTF-8\u{200B}", "U+200B ZERO WIDTH SPACE after \"fr_CA.UTF-8\"" + invisible),
      ("ja-JP-u-ca-japanese\u{200E}", "U+200E LEFT-TO-RIGHT MARK after \"ja-JP-u-ca-japanese\"" + invisible),
      ("fr_\u{421}A", "U+0421 CYRILLIC CAPITAL LETTER ES after \"fr_\" (a locale ID is written in ASCII)"),
    ])
  func commandLine(locale: String, reason: String) {
    // Messages show a tab and a bidi mark escaped.
    let shown = locale.replacingOccurrences(of: "\t", with: "\\t")
      .replacingOccurrences(of: "\u{200E}", with: "\\u{200e}")
    expectRun(
      arguments: [Self.example, "-l", locale], exit: .usage,
      error: "posttim-report: error: invalid locale \"\(shown)\": \(reason)")
  }

  /// A value's ends lose spaces and tabs only, so an invisible character
  /// there reaches the locale check as it does from the command line.
  @Test(
    "in the config file, quoted, unquoted or inside a list: 78 naming the line and the character",
    arguments: [
      ("locale = \"fr_CA\u{200B}\"", "1:10: invalid locale \"fr_CA\u{200B}\": U+200B ZERO WIDTH SPACE after \"fr_CA\""),
      ("locale = fr_CA\u{200B}", "1:10: invalid locale \"fr_CA\u{200B}\": U+200B ZERO WIDTH SPACE after \"fr_CA\""),
      ("locale = fr_CA\u{A0}\t ", "1:10: invalid locale \"fr_CA\u{A0}\": U+00A0 NO-BREAK SPACE after \"fr_CA\""),
      ("locale =\u{A0}fr_CA", "1:9: invalid locale \"\u{A0}fr_CA\": U+00A0 NO-BREAK SPACE at the start"),
      ("locale = fr_CA\u{A0},ar_EG", "1:10: invalid locale \"fr_CA\u{A0}\": U+00A0 NO-BREAK SPACE after \"fr_CA\""),
    ])
  func configFile(line: String, shown: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config")
    try (line + "\n").write(to: config, atomically: false, encoding: .utf8)
    let run = expectRun(arguments: ["--config", config.path, Self.example], exit: .configuration)
    #expect(run.stderr.first == "posttim-report: error: \(config.path):\(shown)" + Self.invisible)
  }

  @Test("in a roster's locale cell: 65 naming the file, row and column; nothing is sent")
  func rosterCell() throws {
    let fixture = try RosterFixture(
      "id,list,at,locale,time-zone,mail-to\nzoe,tasks.plist,06:00,fr_CA\u{200B},UTC,zoe@example.org\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status == .dataError)
    #expect(
      run.stderr.last
        == "posttim-report: error: roster '\(fixture.roster)', row 2, column 'locale': invalid locale "
        + "\"fr_CA\u{200B}\": U+200B ZERO WIDTH SPACE after \"fr_CA\"" + Self.invisible)
    #expect(run.stdout == "")
    #expect(fixture.messages.isEmpty)
  }

  /// One day of the example list, whose heading shows the locale used.
  static let day = ["--from", "2026-12-07", "--to", "2026-12-07", "--no-relative"]

  @Test(
    "a POSIX codeset is read when it is UTF-8, as $LANG writes it",
    arguments: [
      ("fr_CA.UTF-8", "## Lundi 7 décembre 2026\n"), ("fr_CA.utf8", "## Lundi 7 décembre 2026\n"),
      ("fr-CA.UTF-8", "## Lundi 7 décembre 2026\n"), ("C.UTF-8", "## Monday, December 7, 2026\n"),
      ("C.utf8", "## Monday, December 7, 2026\n"), ("fr_CA.UTF-8@euro", "## Lundi 7 décembre 2026\n"),
      // ICU keywords after the codeset are kept, not dropped with it.
      ("ja_JP.UTF-8@calendar=japanese", "## 令和8年12月7日月曜日\n"),
    ])
  func utf8Codeset(locale: String, heading: String) {
    let run = expectRun(arguments: [Self.example, "-l", locale] + Self.day, exit: .success, stderr: [])
    #expect(run.stdout.contains(heading))
  }

  @Test(
    "any other codeset, or none after the dot, is 64: reports are UTF-8 whatever the locale says",
    arguments: [
      ("fr_CA.garbage", "codeset \"garbage\" is not UTF-8, the one this tool writes (write fr_CA or fr_CA.UTF-8)"),
      (
        "fr_CA.ISO-8859-1", "codeset \"ISO-8859-1\" is not UTF-8, the one this tool writes (write fr_CA or fr_CA.UTF-8)"
      ),
      ("C.garbage", "codeset \"garbage\" is not UTF-8, the one this tool writes (write C or C.UTF-8)"),
      ("fr_CA.", "no codeset after \".\" (write fr_CA or fr_CA.UTF-8)"),
      ("fr_CA.@euro", "no codeset after \".\" (write fr_CA or fr_CA.UTF-8)"),
    ])
  func otherCodeset(locale: String, reason: String) {
    expectRun(
      arguments: [Self.example, "-l", locale], exit: .usage,
      error: "posttim-report: error: invalid locale \"\(locale)\": \(reason)")
  }

  @Test(
    "an '@' with no keyword after it is 64, not a locale ICU has no data for",
    arguments: [
      ("fr_CA@", "fr_CA"), ("fr_CA@;", "fr_CA"), ("fr_CA.UTF-8@", "fr_CA"), ("ja@;;", "ja"),
    ])
  func emptyKeywords(locale: String, head: String) {
    expectRun(
      arguments: [Self.example, "-l", locale], exit: .usage,
      error:
        "posttim-report: error: invalid locale \"\(locale)\": no keyword after \"@\" "
        + "(keywords are written \(head)@calendar=japanese)")
  }

  @Test(
    "a second '@' is 64 naming it, not an ICU failure",
    arguments: [("fr_CA@calendar=gregorian@x=y", "fr_CA"), ("fr@@calendar=japanese", "fr")])
  func secondAt(locale: String, head: String) {
    expectRun(
      arguments: [Self.example, "-l", locale], exit: .usage,
      error:
        "posttim-report: error: invalid locale \"\(locale)\": a second \"@\" (keywords follow one \"@\", "
        + "separated by \";\": \(head)@calendar=japanese;numbers=arab)")
  }

  @Test("LANG keeps its meaning: a UTF-8 codeset, C.UTF-8 and other codesets read without a word")
  func environment() {
    for (lang, heading) in [
      ("fr_CA.UTF-8", "## Lundi 7 décembre 2026\n"), ("C.UTF-8", "## Monday, December 7, 2026\n"),
      ("fr_CA.ISO-8859-1", "## Lundi 7 décembre 2026\n"), ("de_DE.utf8@euro", "## Montag, 7. Dezember 2026\n"),
    ] {
      let run = expectRun(
        arguments: [Self.example] + Self.day, exit: .success, stderr: [],
        environment: ["LANG": lang, "TZ": "UTC"])
      #expect(run.stdout.contains(heading), "LANG=\(lang)")
    }
  }

  @Test("a LANG with an invisible character warns naming it and uses en_US_POSIX")
  func invisibleInEnvironment() {
    let run = expectRun(
      arguments: [Self.example] + Self.day, exit: .success,
      stderr: [
        "posttim-report: warning: invalid locale \"fr_CA.UTF-8\u{200B}\": U+200B ZERO WIDTH SPACE after "
          + "\"fr_CA.UTF-8\"" + Self.invisible + " in the environment (LC_ALL, LC_TIME, LANG); using en_US_POSIX"
      ], environment: ["LANG": "fr_CA.UTF-8\u{200B}", "TZ": "UTC"])
    #expect(run.stdout.contains("## Monday, December 7, 2026\n"))
  }
}
