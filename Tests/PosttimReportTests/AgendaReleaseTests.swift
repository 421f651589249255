import Foundation
import Testing

@testable import PosttimReport

/// Building the agenda of a long list by moving its tasks lets the moved-out
/// list go (its memory is a million-task report's peak), and the agenda is
/// the one built from a copy.
@Suite("Agenda: a long list's moved-out tasks are let go")
struct AgendaReleaseTests {
  static func tasks(_ count: Int) -> [TaskEntry] {
    (0..<count).map { index in
      TaskEntry(
        title: "t\(index % 7)", date: ReportFixture.now.addingTimeInterval(Double(index % 5_000) * 60),
        importance: index % 9 + 1)
    }
  }

  @Test("every task moved from a list of releaseMinimum tasks: the list is emptied, the agenda unchanged")
  func longListEmptied() throws {
    let fixture = try ReportFixture()
    let options = AgendaOptions(now: ReportFixture.now.addingTimeInterval(-86_400))
    var tasks = Self.tasks(AgendaBuilder.releaseMinimum)
    let copied = try fixture.agenda(tasks, options: options)
    let builder = AgendaBuilder(calendar: fixture.calendar, collator: try ICUCollator(locale: fixture.settings.locale))
    let moved = builder.build(moving: &tasks, options: options)
    #expect(tasks.isEmpty)
    #expect(moved.sections.map(\.tasks) == copied.sections.map(\.tasks))
    #expect(moved.taskCount == AgendaBuilder.releaseMinimum)
  }

  @Test("a shorter list, or one whose window leaves tasks out, keeps its placeholders and leftovers")
  func leftoversKept() throws {
    let fixture = try ReportFixture()
    let builder = AgendaBuilder(calendar: fixture.calendar, collator: try ICUCollator(locale: fixture.settings.locale))
    var short = Self.tasks(100)
    _ = builder.build(moving: &short, options: AgendaOptions(now: ReportFixture.now.addingTimeInterval(-86_400)))
    #expect(short.count == 100 && short.allSatisfy { $0 == .vacated })
    var windowed = Self.tasks(AgendaBuilder.releaseMinimum)
    let kept = builder.build(moving: &windowed, options: AgendaOptions(now: ReportFixture.now, minimumImportance: 9))
    #expect(windowed.count == AgendaBuilder.releaseMinimum)
    #expect(windowed.filter { $0 != .vacated }.count == AgendaBuilder.releaseMinimum - kept.taskCount)
  }
}
