import Foundation
import Testing

@testable import PosttimReport

/// The render budget's measure of a report's own text: the UTF-8 bytes of
/// every task's title and description, and of its other fields' keys and
/// values, whatever the strings' storage (inline or not, ASCII or not).
@Suite("A report's text bytes")
struct ReportTextBytesTests {
  @Test("the tasks' titles, descriptions and other fields, in UTF-8 bytes")
  func textBytesCountEveryTasksText() throws {
    let fixture = try ReportFixture()
    let due = ReportFixture.now
    let tasks = [
      // Inline strings (15 bytes or fewer) and stored ones; é and — are 2 and 3 bytes.
      TaskEntry(title: "court", date: due, importance: 1),
      TaskEntry(
        title: "Remettre le TP #3 — Post'TIM", date: due.addingTimeInterval(3_600), importance: 5,
        details: "Écrire à l'équipe\navant midi"),
      TaskEntry(title: "", date: due.addingTimeInterval(-90_000), importance: 9, details: "é"),
      TaskEntry(
        title: "avec champs", date: due.addingTimeInterval(200_000), importance: 3,
        extraFields: [
          "couleur": .string("rouge"), "n": .integer(4), "liste": .array([.string("ab"), .bool(true)]),
        ]),
    ]
    let view = fixture.presenter.view(of: try fixture.agenda(tasks))
    #expect(view.sections.count == 3)
    let titles = 5 + 30 + 0 + 11
    let details = 0 + 31 + 2 + 0
    // "couleur" 7 + "rouge" 5; "n" 1 + a number 32; "liste" 5 + "ab" 2 + a Boolean 32.
    let extra = 7 + 5 + 1 + 32 + 5 + 2 + 32
    #expect(view.textBytes == titles + details + extra)
  }

  @Test("a long report, counted in two parts at once, gives the sum of every task's text")
  func longReportCountedInParts() throws {
    let fixture = try ReportFixture()
    let tasks = (0..<24_000).map { index in
      TaskEntry(
        title: String(repeating: "é", count: index % 23),
        date: ReportFixture.now.addingTimeInterval(Double(index) * 60),
        importance: 1 + index % 9, details: index % 3 == 0 ? "" : "détail n° \(index)")
    }
    let view = fixture.presenter.view(of: try fixture.agenda(tasks))
    #expect(view.sections.count > 10)
    #expect(view.textBytes == tasks.reduce(0) { $0 + $1.title.utf8.count + $1.details.utf8.count })
  }
}
