import Foundation
import PosttimICU
import Testing

@testable import PosttimReport

/// `overdueDays`: the overdue section keeps the tasks of the last N days
/// before today; 0 leaves it out; nil keeps them all. Now is Monday
/// 2026-11-30, 09:00 in Toronto.
@Suite("Overdue days")
struct OverdueDaysTests {
  /// A task at noon, Toronto time, `daysAgo` days before today.
  static func task(_ daysAgo: Int, _ calendar: DayCalendar) -> TaskEntry {
    let (y, m, d) = LocalDay(year: 2026, month: 11, day: 30).advanced(by: -daysAgo).gregorian
    return TaskEntry(title: "\(daysAgo)", date: calendar.date(year: y, month: m, day: d, hour: 12), importance: 5)
  }

  /// Overdue 1, 2, 3, 7, 8 and 40 days ago, today's task (0) and tomorrow's (-1).
  static func titles(overdueDays: Int?, from: LocalDay? = nil) throws -> [[String]] {
    let fixture = try ReportFixture()
    let tasks = [40, 8, 7, 3, 2, 1, 0, -1].map { task($0, fixture.calendar) }
    let agenda = try fixture.agenda(
      tasks, options: AgendaOptions(now: ReportFixture.now, from: from, overdueDays: overdueDays))
    return agenda.sections.map { $0.tasks.map(\.title) }
  }

  @Test(
    "N keeps the overdue tasks of the last N days; 0 leaves the section out; nil keeps all",
    arguments: [
      (nil, [["40", "8", "7", "3", "2", "1"], ["0"], ["-1"]]),
      (7, [["7", "3", "2", "1"], ["0"], ["-1"]]),
      (1, [["1"], ["0"], ["-1"]]),
      (0, [["0"], ["-1"]]),
      (36_600, [["40", "8", "7", "3", "2", "1"], ["0"], ["-1"]]),
      (Int.max, [["40", "8", "7", "3", "2", "1"], ["0"], ["-1"]]),
    ] as [(Int?, [[String]])])
  func reach(days: Int?, expected: [[String]]) throws {
    #expect(try Self.titles(overdueDays: days) == expected)
  }

  @Test("the section kinds: overdue first, then days; with 0 no overdue section at all")
  func kinds() throws {
    let fixture = try ReportFixture()
    let tasks = [3, 0].map { Self.task($0, fixture.calendar) }
    let kept = try fixture.agenda(tasks, options: AgendaOptions(now: ReportFixture.now, overdueDays: 3))
    #expect(kept.sections.map(\.kind) == [.overdue, .day(LocalDay(year: 2026, month: 11, day: 30))])
    let none = try fixture.agenda(tasks, options: AgendaOptions(now: ReportFixture.now, overdueDays: 0))
    #expect(none.sections.map(\.kind) == [.day(LocalDay(year: 2026, month: 11, day: 30))])
  }

  @Test("an explicit first day shows its past days whatever overdueDays says")
  func explicitFrom() throws {
    let from = LocalDay(year: 2026, month: 11, day: 22)
    #expect(try Self.titles(overdueDays: 0, from: from) == [["8"], ["7"], ["3"], ["2"], ["1"], ["0"], ["-1"]])
  }
}
