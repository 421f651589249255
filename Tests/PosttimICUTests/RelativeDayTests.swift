import Foundation
import Testing

@testable import PosttimICU

/// Days said in words, parsed and resolved against "now" in a zone and the
/// locale's working week. 2026-11-30 is a Monday.
@Suite("Relative days")
struct RelativeDayTests {
  @Test(
    "parses dates, words and counts; prints the canonical spelling",
    arguments: [
      ("2026-12-01", RelativeDay.date(LocalDay(year: 2026, month: 12, day: 1)), "2026-12-01"),
      ("today", .daysFromToday(0), "today"), ("Tomorrow", .daysFromToday(1), "tomorrow"),
      ("yesterday", .daysFromToday(-1), "yesterday"), ("+3", .daysFromToday(3), "+3"),
      ("-7", .daysFromToday(-7), "-7"), ("+0", .daysFromToday(0), "today"),
      ("next-workday", .nextWorkingDay, "next-workday"), (" tomorrow\t", .daysFromToday(1), "tomorrow"),
      ("+36600", .daysFromToday(36_600), "+36600"),
    ])
  func parses(text: String, expected: RelativeDay, canonical: String) throws {
    let day = try RelativeDay(text)
    #expect(day == expected)
    #expect(day.description == canonical)
    #expect(try RelativeDay(canonical) == day)
  }

  @Test(
    "refuses anything else with a message naming the text, not an option",
    arguments: [
      (
        "tomorow",
        "'tomorow' is not a day: use a date (YYYY-MM-DD), today, tomorrow, yesterday, +N or -N (days from today) "
          + "or next-workday"
      ),
      (
        "",
        "'' is not a day: use a date (YYYY-MM-DD), today, tomorrow, yesterday, +N or -N (days from today) or next-workday"
      ),
      (
        "+",
        "'+' is not a day: use a date (YYYY-MM-DD), today, tomorrow, yesterday, +N or -N (days from today) or next-workday"
      ),
      (
        "+3d",
        "'+3d' is not a day: use a date (YYYY-MM-DD), today, tomorrow, yesterday, +N or -N (days from today) or next-workday"
      ),
      ("2026-02-30", "'2026-02-30' is not a day: no such calendar date"),
      ("2026-12-01T21:00", "'2026-12-01T21:00' is not a day: a day is a date without a time (YYYY-MM-DD)"),
      ("2026-1-5", "'2026-1-5' is not a day: expected YYYY-MM-DD"),
      ("2026-12-01x", "'2026-12-01x' is not a day: a day is a date without a time (YYYY-MM-DD)"),
      ("+36601", "'+36601' is too far: +N and -N count at most 36600 days"),
      ("-99999999999999999999", "'-99999999999999999999' is too far: +N and -N count at most 36600 days"),
      (
        "to\u{1B}[2Jday",
        "'to\\u{1b}[2Jday' is not a day: use a date (YYYY-MM-DD), today, tomorrow, yesterday, +N or -N (days from today) or next-workday"
      ),
    ])
  func refuses(text: String, message: String) {
    #expect(throws: RelativeDay.ParseError.self) { try RelativeDay(text) }
    do {
      _ = try RelativeDay(text)
    } catch {
      #expect(error.description == message)
      #expect(!error.description.contains("--"))
    }
  }

  /// `--from +0000000001` was called "too far": its ten digits were
  /// counted, not its value.
  @Test(
    "leading zeros pad a count: its value decides, and only a value past the limit is too far",
    arguments: [
      ("+0000000001", RelativeDay.daysFromToday(1)), ("-0000000007", .daysFromToday(-7)),
      ("+00000000000000000000", .daysFromToday(0)), ("+00000000000036600", .daysFromToday(36_600)),
    ])
  func paddedCount(text: String, expected: RelativeDay) throws {
    #expect(try RelativeDay(text) == expected)
  }

  @Test("a padded count past the limit is too far, naming the text as given")
  func paddedCountTooFar() {
    #expect(throws: RelativeDay.ParseError.tooFar("+0000036601")) { try RelativeDay("+0000036601") }
    #expect(throws: RelativeDay.ParseError.tooFar("-0001000000")) { try RelativeDay("-0001000000") }
  }

  /// "Now" at 21:00 local time on a given evening.
  static func evening(_ zone: String, _ date: String) throws -> (Date, TimeZoneIdentifier) {
    let zone = try TimeZoneIdentifier(zone)
    let calendar = try DayCalendar(timeZone: zone)
    guard case .day(let day) = try ISO8601.parse(date) else { throw RelativeDay.ParseError.notADay(date) }
    let (y, m, d) = day.gregorian
    return (calendar.date(year: y, month: m, day: d, hour: 21), zone)
  }

  /// The cases: `from = tomorrow`, `to = next-workday` in the evening.
  @Test(
    "tomorrow to next-workday in the evening: the days up to the next working day",
    arguments: [
      // Friday evening in Toronto: Saturday, Sunday, Monday.
      ("fr_CA", "America/Toronto", "2026-12-04", "2026-12-05", "2026-12-07"),
      ("en_US", "America/Toronto", "2026-12-04", "2026-12-05", "2026-12-07"),
      // Thursday evening in Cairo: Friday through Sunday.
      ("ar_EG", "Africa/Cairo", "2026-12-03", "2026-12-04", "2026-12-06"),
      // Thursday evening in Tehran: Friday and Saturday.
      ("fa_IR", "Asia/Tehran", "2026-12-03", "2026-12-04", "2026-12-05"),
      // Monday evening: Tuesday.
      ("fr_CA", "America/Toronto", "2026-11-30", "2026-12-01", "2026-12-01"),
      ("ar_EG", "Africa/Cairo", "2026-11-30", "2026-12-01", "2026-12-01"),
      // English with Egypt's week, evening in Toronto on Thursday.
      ("en-US-u-rg-egzzzz", "America/Toronto", "2026-12-03", "2026-12-04", "2026-12-06"),
    ])
  func eveningWindow(locale: String, zone: String, evening: String, first: String, last: String) throws {
    let (now, zone) = try Self.evening(zone, evening)
    let calendar = try DayCalendar(timeZone: zone, locale: LocaleIdentifier(locale))
    #expect(try RelativeDay("tomorrow").day(now: now, in: calendar).iso8601 == first)
    #expect(try RelativeDay("next-workday").day(now: now, in: calendar).iso8601 == last)
  }

  /// 21:00 on Friday in Toronto is 02:00 on Saturday in UTC: today is
  /// the report zone's, so tomorrow is still Saturday.
  @Test("today is the local day of now in the report's zone, not in UTC")
  func reportZone() throws {
    let (now, _) = try Self.evening("America/Toronto", "2026-12-04")
    #expect(ISO8601.utcString(now) == "2026-12-05T02:00:00Z")
    let toronto = try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto"), locale: LocaleIdentifier("fr_CA"))
    let utc = try DayCalendar(timeZone: .utc, locale: LocaleIdentifier("fr_CA"))
    #expect(try RelativeDay("today").day(now: now, in: toronto).iso8601 == "2026-12-04")
    #expect(try RelativeDay("today").day(now: now, in: utc).iso8601 == "2026-12-05")
    #expect(try RelativeDay("-1").day(now: now, in: toronto).iso8601 == "2026-12-03")
    #expect(try RelativeDay("+30").day(now: now, in: toronto).iso8601 == "2027-01-03")
    #expect(try RelativeDay("2026-01-01").day(now: now, in: toronto).iso8601 == "2026-01-01")
  }
}
