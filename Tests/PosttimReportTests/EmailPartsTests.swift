import Foundation
import PosttimICU
import PosttimReport
import Testing
import TestSupport

/// The e-mail's two parts by default: the short mail the help promises
/// (no details part, so no title links to one) and one text layout
/// (blocks) whether or not there are overdue tasks.
@Suite("E-mail parts: no details by default, one text layout")
struct EmailPartsTests {
  static let envelope = MailSettings(
    from: try! MailAddress("agenda@example.org", what: "from"), to: [try! MailAddress("prof@example.org", what: "to")],
    date: ReportFixture.now)

  func parts(_ view: ReportView, details: Bool? = nil) throws -> (plain: String, html: String) {
    var options = WriterOptions()
    options.showDetails = details
    let message = try EmailReportWriter(.init(envelope: Self.envelope), options: options).message(for: [view])
    let parts = message.parts
    #expect(parts.map(\.subtype) == ["plain", "html"])
    return (parts[0].text, parts[1].text)
  }

  @Test("the short mail shows no task IDs, so its agenda hashes none; with details or a calendar it does")
  func taskIDsShown() throws {
    var details = WriterOptions()
    details.showDetails = true
    #expect(try EmailReportWriter(.init(envelope: Self.envelope), options: WriterOptions()).showsTaskIDs == false)
    #expect(try EmailReportWriter(.init(envelope: Self.envelope), options: details).showsTaskIDs)
    let withCalendar = EmailReportWriter.Options(envelope: Self.envelope, calendar: .init())
    #expect(try EmailReportWriter(withCalendar, options: WriterOptions()).showsTaskIDs)
  }

  /// Every `href="#…"` target in `html`, and every `id="…"`.
  func links(_ html: String) -> (targets: Set<String>, ids: Set<String>) {
    func values(after marker: String) -> Set<String> {
      Set(
        html.components(separatedBy: marker).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
      )
    }
    return (values(after: "href=\"#"), values(after: " id=\""))
  }

  @Test("no details part by default, and every link in the HTML part leads to something shown")
  func noDetailsByDefault() throws {
    let fixture = try ReportFixture()
    let view = try fixture.exampleView()
    let html = try parts(view).html
    #expect(!html.contains(view.labels.details))
    let (targets, ids) = links(html)
    #expect(targets.subtracting(ids).isEmpty, "links to nothing: \(targets.subtracting(ids).sorted())")
    #expect(!targets.contains { $0.hasPrefix("task-") })
    #expect(targets.contains("day-2026-11-30"))
  }

  @Test("showDetails brings the details part back, with titles linking into it")
  func detailsOnRequest() throws {
    let view = try ReportFixture().exampleView()
    let html = try parts(view, details: true).html
    #expect(html.contains(view.labels.details))
    let (targets, ids) = links(html)
    #expect(targets.subtracting(ids).isEmpty)
    #expect(targets.contains { $0.hasPrefix("task-") })
  }

  @Test("the text part is in blocks with and without overdue tasks, as the text writer's blocks")
  func oneTextLayout() throws {
    let fixture = try ReportFixture()
    let tasks = try TaskListLoader().load(TestPaths.example.path)
    let withOverdue = fixture.presenter.view(of: try fixture.agenda(tasks))
    let fromToday = fixture.presenter.view(
      of: try fixture.agenda(
        tasks, options: AgendaOptions(now: ReportFixture.now, from: LocalDay(year: 2026, month: 11, day: 30))))
    for view in [withOverdue, fromToday] {
      let plain = try parts(view).plain
      #expect(plain == (try fixture.render(TextReportWriter(layout: .blocks), view)))
      #expect(!plain.contains("-------"))
    }
    let today = try parts(fromToday).plain
    #expect(
      today.contains(
        "\nAujourd’hui — lundi 30 novembre 2026\n  07 h 45 · Importance 3\n    Café avec Jean-François\n"
          + "    Au coin de la rue Saint-Denis.\n"))
  }
}
