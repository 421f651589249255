import Foundation
import PosttimICU
import PosttimReport
import Testing
import TestSupport

@Suite("Text writer")
struct TextWriterTests {
  func render(_ view: ReportView, color: Bool) throws -> String {
    var options = WriterOptions()
    options.useColor = color
    return try ReportFixture().render(TextReportWriter(options: options), view)
  }

  @Test("the example, colour off, against the reviewed golden")
  func golden() throws {
    let text = try render(ReportFixture().exampleView(), color: false)
    if let mismatch = snapshotMismatch(text, named: "example.fr_CA.txt") { Issue.record(Comment(rawValue: mismatch)) }
    #expect(!text.contains("\u{1B}"))
    #expect(!text.split(separator: "\n").contains { $0.hasSuffix(" ") })
  }

  @Test("colour codes only with useColor, around whole lines")
  func color() throws {
    let view = try ReportFixture().exampleView()
    let plain = try render(view, color: false)
    let colored = try render(view, color: true)
    #expect(colored.hasPrefix("\u{1B}[1mAgenda\u{1B}[0m\n"))
    #expect(colored.contains("\n\u{1B}[1;31mEn retard\u{1B}[0m\n"))
    #expect(colored.contains("\n\u{1B}[1mAujourd’hui — lundi 30 novembre 2026\u{1B}[0m\n"))
    #expect(colored.contains("\n\u{1B}[2m24 tâches en tout\u{1B}[0m\n"))
    // Without the codes, the same text: colour never shifts a column.
    let stripped = colored.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    #expect(stripped == plain)
    #expect(!plain.contains("\u{1B}"))
  }

  /// Expected lines computed independently with Python's `wcwidth` 0.7.0.
  @Test("wide, combining and right-to-left titles line up; text is one safe line")
  func mixedScripts() throws {
    let fixture = try ReportFixture()
    let day = ISO8601Date.at
    let tasks = [
      TaskEntry(title: "会議の準備", date: day("2026-12-01T13:00:00Z"), importance: 9, details: "資料を印刷する"),
      TaskEntry(
        title: "Cafe\u{301}", date: day("2026-12-01T14:00:00Z"), importance: 3, details: "ligne 1\r\n\nligne 2"),
      TaskEntry(title: "اجتماع", date: day("2026-12-01T15:00:00Z"), importance: 5, details: "\u{1B}[31mrouge"),
    ]
    let view = fixture.presenter.view(of: try fixture.agenda(tasks))
    let lines = try render(view, color: false).split(separator: "\n", omittingEmptySubsequences: false)
    // 80 columns: time 7, title 10 (会議の準備), importance 10 (its header),
    // description the rest (45); a description's own line breaks stay.
    #expect(
      lines[3...9].map(String.init) == [
        "Demain — mardi 1 décembre 2026",
        "  Heure    Tâche       Importance  Description",
        "  -------  ----------  ----------  " + String(repeating: "-", count: 45),
        "  08 h 00  会議の準備           9  資料を印刷する",
        "  09 h 00  Cafe\u{301}                 3  ligne 1",
        String(repeating: " ", count: 35) + "ligne 2",
        "  10 h 00  \u{2068}اجتماع\u{2069}               5  [31mrouge",
      ])
  }

  @Test("long text wraps by display width onto continuation lines, nothing cut")
  func wrapping() throws {
    let fixture = try ReportFixture()
    let long = String(repeating: "日本", count: 20)  // 80 columns
    let tasks = [TaskEntry(title: "x", date: ISO8601Date.at("2026-12-01T13:00:00Z"), importance: 1, details: long)]
    let text = try render(fixture.presenter.view(of: try fixture.agenda(tasks)), color: false)
    // 80 = 2 + time 7 + 2 + title 5 + 2 + importance 10 + 2 + description 50:
    // 25 wide characters per line, then the other 15.
    let first = String(String(repeating: "日本", count: 13).dropLast())
    #expect(
      text.contains(
        "  08 h 00  x               1  " + first + "\n" + String(repeating: " ", count: 30) + "本"
          + String(repeating: "日本", count: 7) + "\n"))
  }

  @Test("every line fits the width, and every word of the tasks is there", arguments: [24, 40, 80, 132])
  func fitsWidth(width: Int) throws {
    for locale in ["fr_CA", "ja_JP", "ar_EG"] {
      let fixture = try ReportFixture(locale: locale)
      var options = WriterOptions()
      options.textWidth = width
      let view = try fixture.exampleView()
      let text = try fixture.render(TextReportWriter(options: options), view)
      for line in text.split(separator: "\n") {
        #expect(DisplayWidth.of(String(line)) <= width, "\(locale) \(width): '\(line)'")
      }
      let words = Set(
        text.split(whereSeparator: { $0.isWhitespace }).map { $0.filter { !"\u{2068}\u{2069}".contains($0) } })
      for section in view.sections {
        for task in section.tasks {
          for word in (task.displayTitle + " " + task.details).split(whereSeparator: { $0.isWhitespace }) {
            let clean = TerminalText.singleLine(String(word))
            #expect(words.contains(clean) || text.contains(clean), "\(locale) \(width): '\(clean)' missing")
          }
        }
      }
    }
  }
}

/// `2026-12-01T13:00:00Z` as a Date, for building tasks.
enum ISO8601Date {
  static func at(_ text: String) -> Date {
    guard case .instant(let date) = try? ISO8601.parse(text) else { fatalError("bad instant \(text)") }
    return date
  }
}
