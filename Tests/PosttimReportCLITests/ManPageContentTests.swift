import Foundation
import Testing

@testable import PosttimReportCLI

/// What the man page and the option tables say, as a reader meets it.
@Suite("Man page and option sentences")
struct ManPageContentTests {
  @Test("a help that starts with the option's own values keeps them as typed (csv, not Csv)")
  func valuesNotCapitalized() {
    #expect(
      OptionsMarkdown.sentence(ReportOptions.format.spec).hasPrefix("csv, email, html, ics, json, markdown or text. "))
    #expect(OptionsMarkdown.sentence(PreviewOptions.format.spec).hasPrefix("text, markdown, csv or html."))
    #expect(OptionsMarkdown.sentence(ReportOptions.output.spec).hasPrefix("Write FILE atomically"))
    #expect(OptionsMarkdown.sentence(ReportOptions.groupBy.spec).hasPrefix("One section per day or per week"))
  }

  /// `make install` installs the binary, the man page and the completions:
  /// the README, docs/, Templates/ and Examples/ are not on the reader's machine.
  @Test("the man page names no file it does not install")
  func noUninstalledFiles() {
    for name in ["README", "docs/", "Templates/", "Examples/", ".md"] {
      #expect(!ManPage.text.contains(name), "\(name)")
    }
  }

  @Test("EXAMPLES: the nightly e-mail with --send and the evening mail of the next days, one crontab line each")
  func examples() {
    let page = ManPage.text
    let examples = page.components(separatedBy: ".SH EXAMPLES\n")[1].components(separatedBy: ".SH ")[0]
    #expect(
      examples.contains(
        "0 6 * * * /usr/local/bin/posttim\\-report \\-\\-send \\-\\-days 2 \\-\\-locale fr_CA "
          + "\\-\\-time\\-zone America/Toronto \\-\\-mail\\-to zoe@example.org $HOME/listeDesTaches.plist\n"))
    #expect(
      examples.contains(
        "0 21 * * * /usr/local/bin/posttim\\-report \\-\\-send \\-\\-from tomorrow \\-\\-to next\\-workday "
          + "\\-\\-locale fr_CA \\-\\-time\\-zone America/Toronto \\-\\-mail\\-to zoe@example.org "
          + "$HOME/listeDesTaches.plist\n"))
    #expect(examples.contains("OnCalendar=*\\-*\\-* 21:00:00 America/Toronto\n"))
    // A crontab entry is one line: no continuation backslash after a schedule.
    for line in ManPage.examples.flatMap(\.lines) where line.first?.isNumber == true {
      #expect(!line.hasSuffix("\\"), "\(line)")
    }
  }
}
