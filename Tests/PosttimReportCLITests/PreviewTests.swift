import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `posttim-report preview`. Expected patterns and formatted dates were
/// checked independently with PyICU (ICU 72.1), e.g.
/// `icu.DateTimePatternGenerator.createInstance(icu.Locale("ar_EG")).getBestPattern("yMMMdjm")`
/// and a `SimpleDateFormat` of that pattern in America/Toronto.
@Suite("Preview command")
struct PreviewTests {
  static let toronto = ["--date", "2026-11-30T14:00:00Z", "--time-zone", "America/Toronto"]

  @Test("CSV: exact columns, locale as given, RFC 4180 quoting, CRLF")
  func csv() {
    let run = expectRun(
      arguments: ["preview", "--locale", "fr_CA,en_US", "--locale", "ar_EG", "--skeleton", "yMMMdjm"] + Self.toronto
        + ["--format", "csv"], exit: .success, stderr: [])
    #expect(
      run.stdout == "locale,time_zone,date,pattern,formatted\r\n"
        + "fr_CA,America/Toronto,2026-11-30T14:00:00Z,\"d MMM y, HH 'h' mm\",\"30 nov. 2026, 09 h 00\"\r\n"
        + "en_US,America/Toronto,2026-11-30T14:00:00Z,\"MMM d, y, h:mm\u{202F}a\",\"Nov 30, 2026, 9:00\u{202F}AM\"\r\n"
        + "ar_EG,America/Toronto,2026-11-30T14:00:00Z,d MMM y\u{60C} h:mm a,"
        + "\u{663}\u{660} \u{646}\u{648}\u{641}\u{645}\u{628}\u{631} \u{662}\u{660}\u{662}\u{666}\u{60C} \u{669}:\u{660}\u{660} \u{635}\r\n"
    )
  }

  @Test("the app's yyyy.MM.dd HH:mm as a skeleton: the pattern ICU resolved, per locale")
  func punctuatedSkeleton() {
    let run = expectRun(
      arguments: ["preview", "-l", "fr_CA,en_US,de_DE,ja_JP", "--skeleton", "yyyy.MM.dd HH:mm"] + Self.toronto + [
        "-f", "csv",
      ], exit: .success, stderr: [])
    // Values from the ICU oracle (punctuatedSkeletonCases, PyICU on ICU 72.1).
    #expect(
      run.stdout == "locale,time_zone,date,pattern,formatted\r\n"
        + "fr_CA,America/Toronto,2026-11-30T14:00:00Z,yyyy-MM-dd HH 'h' mm,2026-11-30 09 h 00\r\n"
        + "en_US,America/Toronto,2026-11-30T14:00:00Z,\"MM/dd/yyyy, HH:mm\",\"11/30/2026, 09:00\"\r\n"
        + "de_DE,America/Toronto,2026-11-30T14:00:00Z,\"dd.MM.yyyy, HH:mm\",\"30.11.2026, 09:00\"\r\n"
        + "ja_JP,America/Toronto,2026-11-30T14:00:00Z,yyyy/MM/dd H:mm,2026/11/30 9:00\r\n")
    // A pattern is kept verbatim in every locale.
    let verbatim = expectRun(
      arguments: ["preview", "-l", "fr_CA,de_DE", "--pattern", "yyyy.MM.dd HH:mm"] + Self.toronto + ["-f", "csv"],
      exit: .success)
    #expect(
      verbatim.stdout == "locale,time_zone,date,pattern,formatted\r\n"
        + "fr_CA,America/Toronto,2026-11-30T14:00:00Z,yyyy.MM.dd HH:mm,2026.11.30 09:00\r\n"
        + "de_DE,America/Toronto,2026-11-30T14:00:00Z,yyyy.MM.dd HH:mm,2026.11.30 09:00\r\n")
  }

  /// Checked with PyICU (ICU 72.1), a proleptic GregorianCalendar, the
  /// skeletons GyMMMdjm, GyMMMMEEEEd and jm.
  @Test("a year ≤ 0 or ≥ 10000 is previewed with the era, as a report writes it; a time alone and other years without")
  func eraYears() {
    let bc = expectRun(
      arguments: [
        "preview", "-l", "en_US,ja_JP", "--skeleton", "yMMMdjm", "--date", "0001-01-01T00:00:00Z", "--date",
        "2026-11-30T14:00:00Z", "-z", "America/Toronto", "-f", "csv",
      ], exit: .success, stderr: [])
    #expect(
      bc.stdout == "locale,time_zone,date,pattern,formatted\r\n"
        + "en_US,America/Toronto,0001-01-01T00:00:00Z,\"MMM d, y G, h:mm\u{202F}a\",\"Dec 31, 1 BC, 6:42\u{202F}PM\"\r\n"
        + "ja_JP,America/Toronto,0001-01-01T00:00:00Z,Gy年M月d日 H:mm,紀元前1年12月31日 18:42\r\n"
        + "en_US,America/Toronto,2026-11-30T14:00:00Z,\"MMM d, y, h:mm\u{202F}a\",\"Nov 30, 2026, 9:00\u{202F}AM\"\r\n"
        + "ja_JP,America/Toronto,2026-11-30T14:00:00Z,y年M月d日 H:mm,2026年11月30日 9:00\r\n")
    let late = expectRun(
      arguments: ["preview", "-l", "en_US", "--date", "9999-12-31T23:59:59Z", "-z", "Pacific/Kiritimati", "-f", "csv"],
      exit: .success, stderr: [])
    #expect(
      late.stdout == "locale,time_zone,date,pattern,formatted\r\n"
        + "en_US,Pacific/Kiritimati,9999-12-31T23:59:59Z,h:mm\u{202F}a,1:59\u{202F}PM\r\n"
        + "en_US,Pacific/Kiritimati,9999-12-31T23:59:59Z,\"EEEE, MMMM d, y G\",\"Saturday, January 1, 10000 AD\"\r\n")
  }

  /// Reviewed by eye in a terminal: the columns line up, the Arabic cell
  /// stays in the third column. Column starts checked with Python's
  /// `wcwidth` (y年M月d日 H:mm is 14 columns, the Arabic date 22).
  @Test("text: columns aligned by display width, the Arabic cell isolated")
  func text() {
    let run = expectRun(
      arguments: ["preview", "-l", "ja_JP,ar_EG,en_US", "--skeleton", "yMMMdjm"] + Self.toronto, exit: .success)
    #expect(
      run.stdout == """
        skeleton yMMMdjm in America/Toronto at 2026-11-30T14:00:00Z

        locale  pattern           formatted
        ------  ----------------  ----------------------
        ja_JP   y年M月d日 H:mm    2026年11月30日 9:00
        ar_EG   d MMM y\u{60C} h:mm a   \u{2068}٣٠ نوفمبر ٢٠٢٦، ٩:٠٠ ص\u{2069}
        en_US   MMM d, y, h:mm\u{202F}a  Nov 30, 2026, 9:00\u{202F}AM

        """)
  }

  @Test("markdown: a GFM table, cells escaped")
  func markdown() {
    let run = expectRun(
      arguments: ["preview", "-l", "fr_CA", "--pattern", "yyyy.MM.dd HH:mm|'h'", "-f", "markdown"] + Self.toronto,
      exit: .success)
    #expect(
      run.stdout == """
        pattern yyyy.MM.dd HH:mm\\|'h' in America/Toronto at 2026-11-30T14:00:00Z

        | locale | pattern | formatted |
        | --- | --- | --- |
        | fr\\_CA | yyyy.MM.dd HH:mm\\|'h' | 2026.11.30 09:00\\|h |

        """)
  }

  @Test("html: an HTML5 document, escaped, formatted cells with lang and dir")
  func html() {
    let run = expectRun(
      arguments: ["preview", "-l", "en-US,ar_EG", "--pattern", "d MMM '<&>'", "-f", "html"] + Self.toronto,
      exit: .success)
    #expect(
      run.stdout == """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>posttim-report preview: pattern d MMM &#39;&lt;&amp;&gt;&#39;</title>
        </head>
        <body>
        <p>pattern d MMM &#39;&lt;&amp;&gt;&#39; in America/Toronto at 2026-11-30T14:00:00Z</p>
        <table>
        <thead>
        <tr><th>locale</th><th>pattern</th><th>formatted</th></tr>
        </thead>
        <tbody>
        <tr><td>en-US</td><td><code>d MMM &#39;&lt;&amp;&gt;&#39;</code></td><td lang="en-US" dir="ltr">30 Nov &lt;&amp;&gt;</td></tr>
        <tr><td>ar_EG</td><td><code>d MMM &#39;&lt;&amp;&gt;&#39;</code></td><td lang="ar-EG" dir="rtl">\u{663}\u{660} \u{646}\u{648}\u{641}\u{645}\u{628}\u{631} &lt;&amp;&gt;</td></tr>
        </tbody>
        </table>
        </body>
        </html>

        """)
  }

  @Test("dates: the clock by default; without an offset, local in the zone")
  func dates() {
    let now = expectRun(
      arguments: ["preview", "-l", "en_US", "--pattern", "HH:mm", "-z", "Asia/Kolkata", "-f", "csv"], exit: .success)
    #expect(
      now.stdout == "locale,time_zone,date,pattern,formatted\r\nen_US,Asia/Kolkata,2026-11-30T14:00:00Z,HH:mm,19:30\r\n"
    )

    let local = expectRun(
      arguments: [
        "preview", "-l", "en_US", "--pattern", "y-MM-dd HH:mm", "-z", "America/Toronto", "--date", "2026-11-30T09:00",
        "--date", "2026-07-01",
      ], exit: .success)
    #expect(
      local.stdout == """
        pattern y-MM-dd HH:mm in America/Toronto

        date                  locale  pattern        formatted
        --------------------  ------  -------------  ----------------
        2026-11-30T14:00:00Z  en_US   y-MM-dd HH:mm  2026-11-30 09:00
        2026-07-01T04:00:00Z  en_US   y-MM-dd HH:mm  2026-07-01 00:00

        """)
  }

  @Test("the zone defaults to the device zone (TZ)")
  func deviceZone() {
    let run = expectRun(
      arguments: ["preview", "-l", "en_US", "--pattern", "HH:mm zzzz", "-f", "csv"], exit: .success,
      environment: ["TZ": "Asia/Tokyo"])
    #expect(run.stdout.hasSuffix("\r\nen_US,Asia/Tokyo,2026-11-30T14:00:00Z,HH:mm zzzz,23:00 Japan Standard Time\r\n"))
  }

  @Test("-o writes the file atomically; week-year Y warns on stderr")
  func outputFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "preview.csv")
    let run = expectRun(
      arguments: ["preview", "-l", "fr_CA", "--pattern", "YYYY-MM-dd", "-f", "csv", "-o", file.path] + Self.toronto,
      exit: .success)
    #expect(run.stdout == "")
    #expect(
      run.stderr == [
        "posttim-report: warning: pattern \"YYYY-MM-dd\" uses week-year Y without a week field w: "
          + "late-December dates show next year (use y for the calendar year)"
      ])
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "locale,time_zone,date,pattern,formatted\r\nfr_CA,America/Toronto,2026-11-30T14:00:00Z,YYYY-MM-dd,2026-11-30\r\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["preview.csv"])
  }

  @Test("-o with {locale} is refused (64), not written as a file of that name")
  func outputPerLocaleRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = expectRun(
      arguments: ["preview", "-l", "fr_CA,de", "-o", folder.appending(path: "p-{locale}.txt").path] + Self.toronto,
      exit: .usage)
    #expect(
      run.stderr == [
        "posttim-report: error: preview writes every locale into one file; {locale} in -o names a file per locale "
          + "for reports (posttim-report FILE -l LOCALES -o 'NAME-{locale}.EXT')",
        "Usage: posttim-report preview [options]", "See 'posttim-report preview --help' for more information.",
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test("--help prints the preview help")
  func help() {
    let run = expectRun(arguments: ["preview", "--help"], exit: .success)
    #expect(run.stdout.hasPrefix("posttim-report preview: show how one skeleton or pattern comes out in\n"))
    #expect(run.stdout.contains("\nUsage: posttim-report preview [options]\n"))
    #expect(run.stdout.contains("\n  -f, --format NAME        text, markdown, csv or html (default: text)\n"))
  }

  @Test(
    "errors: status 64, the message first, nothing on stdout",
    arguments: [
      (["-l", "fr_CA,xx_YY", "--skeleton", "jm"], "invalid locale \"xx_YY\": unknown language"),
      (
        ["-l", "fr_CA,,en_US", "--skeleton", "jm"],
        "invalid locale \"\": use an ICU locale ID (fr_CA) or a BCP 47 tag (fr-CA)"
      ),
      (
        ["-l", "fr_CA", "--skeleton", "jm", "-z", "Mars/Olympus"],
        "unknown time zone \"Mars/Olympus\" (expected an IANA time zone ID such as America/Toronto)"
      ),
      (
        ["-l", "fr_CA", "--skeleton", "yMd à"],
        "invalid skeleton \"yMd à\": \"à\" is not a UTS #35 date field letter (use --pattern to print text verbatim)"
      ),
      (["-l", "fr_CA", "--pattern", "HH:mm'"], "invalid pattern \"HH:mm'\": unterminated quote"),
      (["-l", "fr_CA", "--pattern", "HH:mm", "--skeleton", "jm"], "use --skeleton or --pattern, not both"),
      (
        ["-l", "fr_CA", "--skeleton", "jm", "--date", "2026-11-31"],
        "--date: invalid date \"2026-11-31\": no such calendar date"
      ),
      (
        ["-l", "fr_CA", "--skeleton", "jm", "-f", "json"],
        "unknown preview format 'json' (available: csv, html, markdown, text)"
      ),
      (["-l", "fr_CA", "--skeleton", "jm", "tasks.plist"], "preview takes no FILE operands, got 'tasks.plist'"),
      (["-l", "fr_CA", "--report", "tasks.plist", "-f", "csv"], "preview --report writes text or html, not csv"),
      (
        ["-l", "fr_CA", "--report", "tasks.plist", "--now", "2026-11-30", "--now", "2026-12-01"],
        "preview --report takes one --now"
      ),
    ])
  func errors(arguments: [String], message: String) {
    let run = expectRun(arguments: ["preview"] + arguments, exit: .usage, error: "posttim-report: error: " + message)
    #expect(run.stdout == "")
  }
}
