import Foundation
import PosttimICU
import Testing
import TestSupport

@testable import PosttimReport

/// The HTML layout shows today before the overdue tasks (a phone's first
/// screen: BrowserLayoutTests measures it in Chromium), in the page and in
/// its index; and the index writes a section's count in the parentheses of
/// the catalog's language.
@Suite("HTML reading order and index")
struct HTMLReadingOrderTests {
  static func html(_ locale: String, options: AgendaOptions? = nil) throws -> String {
    let fixture = try ReportFixture(locale: locale)
    let writer = try #require(try WriterRegistry.standard.writer(for: "html", options: WriterOptions()))
    let agenda = try fixture.agenda(TaskListLoader().load(TestPaths.example.path), options: options)
    return try fixture.render(writer, fixture.presenter.view(of: agenda))
  }

  /// The `id`s of `<section>`s inside `<main>`, in order.
  static func mainSections(_ html: String) -> [String] {
    let main = html.components(separatedBy: "<main>")[1].components(separatedBy: "</main>")[0]
    return main.components(separatedBy: "<section id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
  }

  /// The anchors the index links to, in order.
  static func indexLinks(_ html: String) -> [String] {
    let nav = html.components(separatedBy: "<nav")[1].components(separatedBy: "</nav>")[0]
    return nav.components(separatedBy: "<a href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
  }

  @Test("today first, then the overdue tasks, then the following days, in the page and its index")
  func todayFirst() throws {
    let html = try Self.html("fr_CA")
    let expected = [
      "day-2026-11-30", "overdue", "day-2026-12-01", "day-2026-12-02", "day-2026-12-05", "day-2026-12-07",
      "day-2026-12-09", "day-2026-12-10", "day-2026-12-18", "day-2026-12-31", "day-2027-01-01", "day-2027-01-05",
      "day-2027-03-14",
    ]
    #expect(Self.mainSections(html) == expected)
    #expect(Self.indexLinks(html) == expected)
  }

  @Test("without tasks today, the first following day comes before the overdue tasks")
  func nextDayFirst() throws {
    // Now on 29 November: no task that day, overdue ones before it.
    let now = Date(timeIntervalSince1970: 1_796_047_200 - 86_400)
    let sections = Self.mainSections(try Self.html("fr_CA", options: AgendaOptions(now: now)))
    #expect(Array(sections.prefix(3)) == ["day-2026-11-30", "overdue", "day-2026-12-01"])
  }

  @Test("with no overdue tasks, the order is the agenda's")
  func noOverdue() throws {
    let options = AgendaOptions(now: ReportFixture.now, overdueDays: 0)
    #expect(
      Array(Self.mainSections(try Self.html("fr_CA", options: options)).prefix(2)) == [
        "day-2026-11-30", "day-2026-12-01",
      ])
  }

  @Test(
    "the index's counts: full-width parentheses right after the title in Japanese and Chinese",
    arguments: [
      ("ja_JP", "</a><span class=\"q\" style=\"color:#595959;\">（5件）</span>"),
      ("zh_CN", "</a><span class=\"q\" style=\"color:#595959;\">（5 项任务）</span>"),
      ("zh_TW", "</a><span class=\"q\" style=\"color:#595959;\">（5 項任務）</span>"),
      ("fr_CA", "</a><span class=\"q\" style=\"color:#595959;\"> (5 tâches)</span>"),
      ("ko_KR", "</a><span class=\"q\" style=\"color:#595959;\"> (할 일 5개)</span>"),
    ])
  func indexCounts(locale: String, todayEntry: String) throws {
    let html = try Self.html(locale)
    let nav = html.components(separatedBy: "<nav")[1].components(separatedBy: "</nav>")[0]
    let today = try #require(nav.split(separator: "\n").first { $0.contains("#day-2026-11-30") })
    #expect(today.hasSuffix(todayEntry + "</li>"), "\(today)")
  }

  @Test(
    "the zone line's parentheses follow the catalog's language",
    arguments: [
      ("ja_JP", "タイムゾーン：アメリカ東部時間（America/Toronto）"),
      ("zh_CN", "时区：北美东部时间（America/Toronto）"),
      ("fr_CA", "Fuseau horaire\u{A0}: heure de l’Est (America/Toronto)"),
    ])
  func zoneLine(locale: String, expected: String) throws {
    let fixture = try ReportFixture(locale: locale)
    #expect(try fixture.exampleView().timeZoneLine == expected)
  }
}
