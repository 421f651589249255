import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `preview` with the report's own defaults, `--now`, wall times a zone
/// skips or repeats, copy-paste of patterns, and `--report FILE`.
/// Patterns and formatted values come from the PyICU oracle
/// (Tests/PosttimICUTests/Fixtures/icu-matrix.json: fr_CA, he_IL, ar_EG
/// with `jm` and `yMMMMEEEEd` in America/Toronto at 2026-11-30T14:00:00Z);
/// the agenda lines from the README example and the reviewed ar_EG snapshot.
@Suite("Preview defaults and --report")
struct PreviewDefaultsTests {
  static let toronto = ["--now", "2026-11-30T14:00:00Z", "--time-zone", "America/Toronto"]

  @Test("no --skeleton/--pattern: the report's time (jm) and day (yMMMMEEEEd) formats side by side")
  func defaults() {
    let run = expectRun(arguments: ["preview", "-l", "fr_CA,he_IL"] + Self.toronto, exit: .success, stderr: [])
    #expect(
      run.stdout == """
        report defaults: time skeleton jm, day skeleton yMMMMEEEEd in America/Toronto at 2026-11-30T14:00:00Z

        locale  time pattern  time     day pattern      day
        ------  ------------  -------  ---------------  ------------------------
        fr_CA   HH 'h' mm     09 h 00  EEEE d MMMM y    lundi 30 novembre 2026
        he_IL   H:mm          9:00     EEEE, d בMMMM y  \u{2068}יום שני, 30 בנובמבר 2026\u{2069}

        """)

    let csv = expectRun(arguments: ["preview", "-l", "fr_CA", "-f", "csv"] + Self.toronto, exit: .success)
    #expect(
      csv.stdout == "locale,time_zone,date,pattern,formatted\r\n"
        + "fr_CA,America/Toronto,2026-11-30T14:00:00Z,HH 'h' mm,09 h 00\r\n"
        + "fr_CA,America/Toronto,2026-11-30T14:00:00Z,EEEE d MMMM y,lundi 30 novembre 2026\r\n")
  }

  @Test("--now is the report's option; --date stays as its alias")
  func nowAlias() {
    let now = expectRun(
      arguments: [
        "preview", "-l", "ar_EG", "--skeleton", "jm", "--now", "2026-11-30T14:00:00Z", "-z", "America/Toronto",
      ],
      exit: .success)
    let date = expectRun(
      arguments: [
        "preview", "-l", "ar_EG", "--skeleton", "jm", "--date", "2026-11-30T14:00:00Z", "-z", "America/Toronto",
      ], exit: .success)
    #expect(now.stdout == date.stdout)
    #expect(now.stdout.contains("\u{2068}٩:٠٠ ص\u{2069}"))
  }

  @Test("a wall time the zone skips or repeats: a warning naming what ICU chose")
  func dstWallTimes() {
    // 2026-03-08: Toronto goes from 02:00 EST straight to 03:00 EDT; the
    // next valid wall time is 03:00 (UTC−4), 07:00Z.
    let gap = expectRun(
      arguments: [
        "preview", "-l", "en_US", "--pattern", "HH:mm", "-f", "csv", "-z", "America/Toronto", "--now",
        "2026-03-08T02:30",
      ], exit: .success,
      stderr: [
        "posttim-report: warning: 2026-03-08T02:30:00 does not exist in America/Toronto (the clocks skip it); "
          + "ICU chose 2026-03-08T03:00:00-04:00"
      ])
    #expect(gap.stdout.hasSuffix(",2026-03-08T07:00:00Z,HH:mm,03:00\r\n"))

    // 2026-11-01: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    let twice = expectRun(
      arguments: [
        "preview", "-l", "en_US", "--pattern", "HH:mm", "-f", "csv", "-z", "America/Toronto", "--now",
        "2026-11-01T01:30",
      ], exit: .success,
      stderr: [
        "posttim-report: warning: 2026-11-01T01:30:00 occurs twice in America/Toronto; ICU chose the first, "
          + "2026-11-01T01:30:00-04:00 (the second is 2026-11-01T01:30:00-05:00)"
      ])
    #expect(twice.stdout.hasSuffix(",2026-11-01T05:30:00Z,HH:mm,01:30\r\n"))

    // An instant with an offset, or a plain wall time, warns about nothing.
    expectRun(
      arguments: [
        "preview", "-l", "en_US", "--pattern", "HH:mm", "-z", "America/Toronto", "--now", "2026-11-01T03:30",
      ], exit: .success, stderr: [])
  }

  @Test("a pattern copied from the text output (isolates and all) gives the same output as one typed by hand")
  func copyPaste() {
    let typed = expectRun(arguments: ["preview", "-l", "he_IL", "--pattern", "d בMMMM"] + Self.toronto, exit: .success)
    let pasted = expectRun(
      arguments: ["preview", "-l", "he_IL", "--pattern", "\u{2068}d בMMMM\u{2069}"] + Self.toronto, exit: .success)
    #expect(typed.stdout == pasted.stdout)
    // The pattern cell itself carries no isolate, so it copies clean.
    #expect(typed.stdout.contains("\nhe_IL   d בMMMM  \u{2068}30 בנובמבר\u{2069}\n"))

    // The report takes the pasted pattern the same way.
    let base = [TestPaths.example.path, "-f", "csv", "--locale", "he_IL"] + Self.toronto
    let report = expectRun(arguments: base + ["--pattern", "d בMMMM HH:mm"], exit: .success)
    let reportPasted = expectRun(arguments: base + ["--pattern", "\u{2068}d בMMMM HH:mm\u{2069}"], exit: .success)
    #expect(report.stdout == reportPasted.stdout)
    #expect(!reportPasted.stdout.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
  }

  @Test("--report FILE: the first agenda day in each locale, with its own header, labels, times and count")
  func reportText() {
    let run = expectRun(
      arguments: ["preview", "--report", TestPaths.example.path, "-l", "fr_CA,ar_EG"] + Self.toronto, exit: .success,
      stderr: [])
    #expect(
      run.stdout == """
        first agenda day of listeDesTaches.plist in America/Toronto at 2026-11-30T14:00:00Z

        fr_CA  Aujourd’hui — lundi 30 novembre 2026
          Heure    Tâche
          -------  ----------------------------
          07 h 45  Café avec Jean-François
          08 h 00  Remettre le TP #3 — Post'TIM
          12 h 30  Acheter des timbres
          12 h 30  Écrire au professeur
          12 h 30  Réunion d'équipe
          5 tâches

        ar_EG  \u{2068}اليوم — الاثنين، ٣٠ نوفمبر ٢٠٢٦\u{2069}
          \u{2068}الوقت\u{2069}    \u{2068}المهمة\u{2069}
          -------  ----------------------------
          \u{2068}٧:٤٥ ص\u{2069}   Café avec Jean-François
          \u{2068}٨:٠٠ ص\u{2069}   Remettre le TP #3 — Post'TIM
          \u{2068}١٢:٣٠ م\u{2069}  Acheter des timbres
          \u{2068}١٢:٣٠ م\u{2069}  Écrire au professeur
          \u{2068}١٢:٣٠ م\u{2069}  Réunion d'équipe
          \u{2068}٥ مهام\u{2069}

        """)
  }

  @Test("--report FILE -f html: one section per locale with its lang and dir; --skeleton sets the task times")
  func reportHTML() {
    let arguments = [
      "preview", "--report", TestPaths.example.path, "-l", "ru_RU,he_IL", "--skeleton", "Hm", "-f", "html",
    ]
    let html = expectRun(arguments: arguments + Self.toronto, exit: .success).stdout
    #expect(
      html.contains(
        "<section lang=\"ru-RU\" dir=\"ltr\">\n<h2><code lang=\"en\" dir=\"ltr\">ru_RU</code> Сегодня — понедельник, 30 ноября 2026\u{202F}г.</h2>\n"
      ))
    #expect(html.contains("<tr><th>Время</th><th>Задача</th></tr>"))
    #expect(
      html.contains(
        "<tr><td><time datetime=\"2026-11-30T12:45:00Z\">07:45</time></td><td dir=\"auto\">Café avec Jean-François</td></tr>"
      ))
    #expect(html.contains("<p class=\"q\">5 задач</p>"))
    #expect(
      html.contains(
        "<section lang=\"he-IL\" dir=\"rtl\">\n<h2><code lang=\"en\" dir=\"ltr\">he_IL</code> היום — יום שני, 30 בנובמבר 2026</h2>\n"
      ))
    #expect(html.contains("<p class=\"q\">5 משימות</p>"))
    #expect(html.hasSuffix("</section>\n</body>\n</html>\n"))
  }

  @Test("--report with a missing file: exit 66, nothing written")
  func reportMissing() {
    let run = expectRun(
      arguments: ["preview", "--report", "/nonexistent/tasks.plist", "-l", "fr_CA"] + Self.toronto, exit: .noInput)
    #expect(run.stdout == "")
  }
}
