import Foundation
import PosttimICU
import Testing

@testable import PosttimReport

/// Windows said in words (`from = tomorrow`, `to = next-workday`, `days`),
/// resolved at "now" in the report's zone and locale, and the agenda they
/// give. 2026-11-30 is a Monday.
@Suite("Agenda windows")
struct AgendaWindowTests {
  /// 21:00 local time on `date` in `zone`.
  static func evening(_ date: String, _ calendar: DayCalendar) -> Date {
    guard case .day(let day) = try! ISO8601.parse(date) else { fatalError(date) }
    let (y, m, d) = day.gregorian
    return calendar.date(year: y, month: m, day: d, hour: 21)
  }

  static func calendar(_ locale: String, _ zone: String) throws -> DayCalendar {
    try DayCalendar(timeZone: TimeZoneIdentifier(zone), locale: LocaleIdentifier(locale))
  }

  static func window(_ from: String?, _ to: String?, days: Int? = nil) throws -> AgendaWindow {
    AgendaWindow(from: try from.map { try RelativeDay($0) }, to: try to.map { try RelativeDay($0) }, days: days)
  }

  @Test(
    "from tomorrow to next-workday, in the evening",
    arguments: [
      ("fr_CA", "America/Toronto", "2026-12-04", "2026-12-05", "2026-12-07"),  // Friday: Sat–Mon
      ("ar_EG", "Africa/Cairo", "2026-12-03", "2026-12-04", "2026-12-06"),  // Thursday: Fri–Sun
      ("fa_IR", "Asia/Tehran", "2026-12-03", "2026-12-04", "2026-12-05"),  // Thursday: Fri–Sat
      ("fr_CA", "America/Toronto", "2026-11-30", "2026-12-01", "2026-12-01"),  // Monday: Tuesday
    ])
  func evening(locale: String, zone: String, date: String, first: String, last: String) throws {
    let calendar = try Self.calendar(locale, zone)
    let days = try Self.window("tomorrow", "next-workday").resolved(now: Self.evening(date, calendar), in: calendar)
    #expect(days.from?.iso8601 == first)
    #expect(days.to?.iso8601 == last)
  }

  @Test("days count from the first day (today without one), that day included")
  func dayCount() throws {
    let calendar = try Self.calendar("fr_CA", "America/Toronto")
    let now = Self.evening("2026-12-04", calendar)
    let fromTomorrow = try Self.window("tomorrow", nil, days: 3).resolved(now: now, in: calendar)
    #expect(fromTomorrow.from?.iso8601 == "2026-12-05" && fromTomorrow.to?.iso8601 == "2026-12-07")
    let fromToday = try Self.window(nil, nil, days: 2).resolved(now: now, in: calendar)
    #expect(fromToday.from == nil && fromToday.to?.iso8601 == "2026-12-05")
    let open = try Self.window("-2", nil).resolved(now: now, in: calendar)
    #expect(open.from?.iso8601 == "2026-12-02" && open.to == nil)
    let dates = try Self.window("2026-12-24", "2027-01-02").resolved(now: now, in: calendar)
    #expect(dates.from?.iso8601 == "2026-12-24" && dates.to?.iso8601 == "2027-01-02")
  }

  @Test(
    "a window that cannot be shown says why, naming days, not options",
    arguments: [
      ("tomorrow", "yesterday", nil, "the last day (2026-12-03) is before the first day (2026-12-05)"),
      ("today", "tomorrow", 2, "give a last day or a number of days, not both"),
      (nil, nil, 0, "a window shows at least 1 day, not 0"),
    ] as [(String?, String?, Int?, String)])
  func problems(from: String?, to: String?, days: Int?, message: String) throws {
    let calendar = try Self.calendar("fr_CA", "America/Toronto")
    let window = try Self.window(from, to, days: days)
    do {
      _ = try window.resolved(now: Self.evening("2026-12-04", calendar), in: calendar)
      Issue.record("no error")
    } catch let problem as AgendaWindow.Problem {
      #expect(problem.description == message)
    }
  }

  @Test("the evening agenda in Cairo holds Friday through Sunday's tasks, nothing before or after")
  func cairoAgenda() throws {
    let calendar = try Self.calendar("ar_EG", "Africa/Cairo")
    let now = Self.evening("2026-12-03", calendar)
    let window = try Self.window("tomorrow", "next-workday").resolved(now: now, in: calendar)
    // One task at 10:00 Cairo time (08:00Z) each day from Thursday to Monday.
    let tasks = (3...7).map { day in
      TaskEntry(title: "t\(day)", date: calendar.date(year: 2026, month: 12, day: day, hour: 10), importance: 5)
    }
    let builder = AgendaBuilder(calendar: calendar, collator: try ICUCollator(locale: calendar.locale))
    let agenda = builder.build(tasks, options: AgendaOptions(now: now, from: window.from, to: window.to))
    #expect(agenda.sections.map { $0.tasks.map(\.title) } == [["t4"], ["t5"], ["t6"]])
  }
}
