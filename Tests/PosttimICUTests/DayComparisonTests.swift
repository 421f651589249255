import Foundation
import PosttimICU
import Testing

/// The comparison helpers on hand-checked facts of the tz database.
@Suite("Date comparison helpers")
struct DayComparisonTests {
  func at(_ text: String) -> Date { ICUOracle.instant(text) }
  func calendar(_ zone: String) throws -> DayCalendar { try DayCalendar(timeZone: TimeZoneIdentifier(zone)) }

  @Test("UTC midnight is not local midnight: same UTC day, different Toronto days")
  func utcVersusLocal() throws {
    let toronto = try calendar("America/Toronto")
    let lateEvening = at("2026-12-01T04:59:00Z")  // 23:59 on 30 Nov in Toronto
    let midnight = at("2026-12-01T05:00:00Z")  // 00:00 on 1 Dec in Toronto
    #expect(!lateEvening.isSameDay(as: midnight, in: toronto))
    #expect(lateEvening.isSameDay(as: at("2026-11-30T05:00:00Z"), in: toronto))
    #expect(lateEvening.isSameDay(as: midnight, in: try calendar("UTC")))
    #expect(lateEvening.isOnEarlierDay(than: midnight, in: toronto))
    #expect(midnight.isOnLaterDay(than: lateEvening, in: toronto))
  }

  @Test("the app's old helper compared only the day of the month; we compare dates")
  func dayOfMonthBug() throws {
    let toronto = try calendar("America/Toronto")
    #expect(!at("2026-11-30T15:00:00Z").isSameDay(as: at("2026-12-30T15:00:00Z"), in: toronto))
    #expect(!at("2026-11-30T15:00:00Z").isSameDay(as: at("2027-11-30T15:00:00Z"), in: toronto))
  }

  @Test("Toronto DST: 23-hour spring day and 25-hour fall day")
  func torontoDST() throws {
    let toronto = try calendar("America/Toronto")
    let spring = at("2026-03-08T12:00:00Z")
    #expect(ISO8601.utcString(spring.startOfDay(in: toronto)) == "2026-03-08T05:00:00Z")
    #expect(ISO8601.utcString(spring.endOfDay(in: toronto)) == "2026-03-09T04:00:00Z")
    let fall = at("2026-11-01T12:00:00Z")
    #expect(ISO8601.utcString(fall.startOfDay(in: toronto)) == "2026-11-01T04:00:00Z")
    #expect(ISO8601.utcString(fall.endOfDay(in: toronto)) == "2026-11-02T05:00:00Z")
    // 01:30 happens twice on 1 Nov 2026, both on the same local day.
    #expect(at("2026-11-01T05:30:00Z").isSameDay(as: at("2026-11-01T06:30:00Z"), in: toronto))
    #expect(toronto.isRepeatedWallTime(at("2026-11-01T05:30:00Z")))
    #expect(!toronto.isRepeatedWallTime(at("2026-11-01T07:30:00Z")))
  }

  @Test("São Paulo 2018-11-04 had no midnight; Apia skipped 2011-12-30")
  func missingMidnightAndSkippedDay() throws {
    let saoPaulo = try calendar("America/Sao_Paulo")
    #expect(ISO8601.utcString(at("2018-11-04T15:00:00Z").startOfDay(in: saoPaulo)) == "2018-11-04T03:00:00Z")
    let apia = try calendar("Pacific/Apia")
    let before = at("2011-12-30T09:59:59Z")  // 23:59:59 on 29 Dec, UTC−10
    let after = at("2011-12-30T10:00:00Z")  // 00:00 on 31 Dec, UTC+14
    #expect(apia.day(of: before).iso8601 == "2011-12-29")
    #expect(apia.day(of: after).iso8601 == "2011-12-31")
    #expect(apia.day(of: before).distance(to: apia.day(of: after)) == 2)
  }

  @Test("half- and quarter-hour offsets; Lord Howe's 30-minute DST")
  func oddOffsets() throws {
    #expect(try calendar("America/St_Johns").utcOffset(at: at("2026-11-30T12:00:00Z")) == -(3 * 3600 + 1800))
    #expect(try calendar("Asia/Kathmandu").utcOffset(at: at("2026-11-30T12:00:00Z")) == 5 * 3600 + 2700)
    let lordHowe = try calendar("Australia/Lord_Howe")
    #expect(lordHowe.utcOffset(at: at("2026-07-01T00:00:00Z")) == 10 * 3600 + 1800)
    #expect(lordHowe.utcOffset(at: at("2026-12-01T00:00:00Z")) == 11 * 3600)
    let kathmandu = try calendar("Asia/Kathmandu")
    // 18:14 UTC is 23:59 local; 18:15 UTC is the next local day.
    #expect(!at("2026-11-30T18:14:00Z").isSameDay(as: at("2026-11-30T18:15:00Z"), in: kathmandu))
  }

  @Test("earlier, later and the or-equal variants")
  func ordering() {
    let a = at("2026-11-30T14:00:00Z")
    let b = at("2026-11-30T14:00:01Z")
    #expect(a.isEarlier(than: b) && !b.isEarlier(than: a) && !a.isEarlier(than: a))
    #expect(b.isLater(than: a) && !a.isLater(than: b) && !a.isLater(than: a))
    #expect(a.isEarlierOrEqual(to: a) && a.isEarlierOrEqual(to: b) && !b.isEarlierOrEqual(to: a))
    #expect(a.isLaterOrEqual(to: a) && b.isLaterOrEqual(to: a) && !a.isLaterOrEqual(to: b))
  }

  @Test("weeks start on the locale's first weekday")
  func weeks() throws {
    let thursday = LocalDay(year: 2026, month: 12, day: 3)
    let us = try DayCalendar(timeZone: .utc, locale: LocaleIdentifier("en_US"))
    let france = try DayCalendar(timeZone: .utc, locale: LocaleIdentifier("fr_FR"))
    let egypt = try DayCalendar(timeZone: .utc, locale: LocaleIdentifier("ar_EG"))
    #expect(us.startOfWeek(containing: thursday).iso8601 == "2026-11-29")  // Sunday
    #expect(france.startOfWeek(containing: thursday).iso8601 == "2026-11-30")  // Monday
    #expect(egypt.startOfWeek(containing: thursday).iso8601 == "2026-11-28")  // Saturday
  }
}
