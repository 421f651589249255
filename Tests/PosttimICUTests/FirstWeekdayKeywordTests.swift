import Foundation
import Testing

@testable import PosttimICU

/// The `fw` keyword (`-u-fw-mon`, `@fw=mon`) names the first day of the
/// week over the region's (UTS #35). ICU 72 ignores it and keeps the
/// region's, so the shim sets it on every calendar it opens from a locale:
/// day arithmetic (week grouping), date formatters (week fields) and the
/// date-interval formatter. A C program calling ICU 72 directly gives
/// 1 (Sunday) for `en_US@fw=mon`, 2 for `en_GB@fw=sun`.
@Suite("First weekday keyword")
struct FirstWeekdayKeywordTests {
  @Test(
    "fw names the first day of the week, over the region's and over rg (1 = Sunday … 7 = Saturday)",
    arguments: [
      ("en-US-u-fw-mon", 2), ("en_US@fw=mon", 2), ("en-GB-u-fw-sun", 1), ("de-DE-u-fw-sat", 7),
      ("ar-EG-u-fw-mon", 2), ("en-US-u-fw-wed-rg-gbzzzz", 4), ("ja-JP-u-ca-japanese-fw-fri", 6),
      // Without fw: the region's (or rg's) week, as before.
      ("en_US", 1), ("en_GB", 2), ("ar_EG", 7), ("en-US-u-rg-gbzzzz", 2),
    ])
  func firstWeekday(locale: String, expected: Int) throws {
    let calendar = try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto"), locale: LocaleIdentifier(locale))
    #expect(calendar.firstWeekday == expected)
    // 2026-12-02 is a Wednesday (weekday 4).
    let wednesday = LocalDay(year: 2026, month: 12, day: 2)
    #expect(calendar.startOfWeek(containing: wednesday) == wednesday.advanced(by: -((4 - expected + 7) % 7)))
  }

  /// `e` is the day's number within the locale's week; `w` the week of the
  /// year, which changes on the first weekday.
  @Test(
    "date formatters count week fields from the first weekday fw names",
    arguments: [
      ("en_US", "1 49"), ("en-US-u-fw-mon", "7 48"), ("en-GB-u-fw-sun", "1 48"), ("en_GB", "7 48"),
    ])
  func formatterWeekFields(locale: String, expected: String) throws {
    let formatter = try ICUDateFormatter(
      pattern: "e w", locale: LocaleIdentifier(locale), timeZone: TimeZoneIdentifier("UTC"))
    // Sunday 29 November 2026, noon UTC.
    #expect(formatter.string(from: Date(timeIntervalSince1970: 1_795_953_600)) == expected)
  }

  /// A range whose days differ below the skeleton's fields is written as
  /// its first day: Sunday 29 November's week.
  @Test("the date-interval formatter counts weeks from the first weekday fw names")
  func intervalWeekFields() throws {
    let sunday = LocalDay(year: 2026, month: 11, day: 29), monday = LocalDay(year: 2026, month: 11, day: 30)
    let region = try DateIntervalFormatter(skeleton: "w", locale: LocaleIdentifier("en_US"))
    let monday1st = try DateIntervalFormatter(skeleton: "w", locale: LocaleIdentifier("en-US-u-fw-mon"))
    #expect(region.string(from: sunday, to: monday) == "49")
    #expect(monday1st.string(from: sunday, to: monday) == "48")
  }
}
