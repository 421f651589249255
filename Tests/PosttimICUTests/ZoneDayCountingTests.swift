import Foundation
import Testing

@testable import PosttimICU

/// Days counted as a zone has them: a date the zone skipped whole (it
/// crossed the date line eastwards) is no day of it, while DST days, 23 or
/// 25 hours long or starting after a skipped midnight, are days like others.
/// Skipped dates by the tz database: Pacific/Apia 2011-12-30 (−10 → +14),
/// Pacific/Kiritimati 1994-12-31 (−10 → +14), Pacific/Kwajalein 1993-08-21
/// (−12 → +12).
@Suite("Days of a zone")
struct ZoneDayCountingTests {
  static func calendar(_ zone: String, _ locale: String = "en_US") throws -> DayCalendar {
    try DayCalendar(timeZone: TimeZoneIdentifier(zone), locale: LocaleIdentifier(locale))
  }

  static func day(_ text: String) -> LocalDay {
    guard case .day(let day) = try! ISO8601.parse(text) else { fatalError(text) }
    return day
  }

  @Test(
    "a date the zone skipped is not one of its days; its neighbours are",
    arguments: [
      ("Pacific/Apia", "2011-12-30"), ("Pacific/Kiritimati", "1994-12-31"), ("Pacific/Kwajalein", "1993-08-21"),
    ])
  func skippedDate(zone: String, date: String) throws {
    let calendar = try Self.calendar(zone)
    let day = Self.day(date)
    #expect(!calendar.has(day))
    #expect(calendar.has(day.advanced(by: -1)) && calendar.has(day.advanced(by: 1)))
  }

  @Test(
    "steps of ±N pass over the skipped date, both ways, and distance undoes them",
    arguments: [
      ("Pacific/Apia", "2011-12-29", 1, "2011-12-31"), ("Pacific/Apia", "2011-12-29", 2, "2012-01-01"),
      ("Pacific/Apia", "2011-12-31", -1, "2011-12-29"), ("Pacific/Apia", "2012-01-01", -3, "2011-12-28"),
      ("Pacific/Apia", "2011-11-29", 31, "2011-12-31"), ("Pacific/Apia", "2012-12-29", 2, "2012-12-31"),
      ("Pacific/Kiritimati", "1994-12-30", 1, "1995-01-01"), ("Pacific/Kiritimati", "1995-01-01", -1, "1994-12-30"),
      ("Pacific/Kwajalein", "1993-08-20", 1, "1993-08-22"),
      // A hundred years on, across two hundred DST changes: no date is skipped.
      ("Pacific/Apia", "2012-01-01", 36_600, "2112-03-17"),
    ])
  func steps(zone: String, from: String, count: Int, to: String) throws {
    let calendar = try Self.calendar(zone)
    #expect(calendar.day(Self.day(from), movedBy: count).iso8601 == to)
    #expect(calendar.distance(from: Self.day(from), to: Self.day(to)) == count)
  }

  @Test(
    "DST days are days: a 23-hour day, a day whose midnight was skipped, a half-hour change",
    arguments: [
      ("America/Toronto", "2026-03-08"), ("America/Toronto", "2026-11-01"), ("America/Havana", "2026-03-08"),
      ("America/Santiago", "2026-09-06"), ("America/Sao_Paulo", "2018-11-04"), ("Australia/Lord_Howe", "2026-10-04"),
      ("Australia/Lord_Howe", "2026-04-05"), ("Asia/Tehran", "2022-03-22"),
    ])
  func daylightSavingDays(zone: String, date: String) throws {
    let calendar = try Self.calendar(zone)
    let day = Self.day(date)
    #expect(calendar.has(day))
    #expect(calendar.day(day.advanced(by: -1), movedBy: 1) == day)
    #expect(calendar.day(day, movedBy: 1) == day.advanced(by: 1))
    #expect(calendar.day(day.advanced(by: 1), movedBy: -2) == day.advanced(by: -1))
  }

  @Test("next-workday from Apia's Thursday 29 December 2011 is Monday 2 January: Friday never was")
  func nextWorkingDayOverSkippedDate() throws {
    let calendar = try Self.calendar("Pacific/Apia")
    let next = calendar.nextWorkingDay(after: Self.day("2011-12-29"), in: try calendar.workingWeek())
    #expect(next.iso8601 == "2012-01-02")
    // Thursday 21:00 in Apia (UTC−10): tomorrow is Saturday the 31st.
    guard case .instant(let now) = try ISO8601.parse("2011-12-29T21:00:00-10:00") else { fatalError() }
    #expect(try RelativeDay("tomorrow").day(now: now, in: calendar).iso8601 == "2011-12-31")
    #expect(try RelativeDay("+2").day(now: now, in: calendar).iso8601 == "2012-01-01")
    #expect(try RelativeDay("next-workday").day(now: now, in: calendar).iso8601 == "2012-01-02")
  }
}
