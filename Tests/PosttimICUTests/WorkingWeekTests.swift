import Testing

@testable import PosttimICU

/// Working days from CLDR 42's week data as ICU 72 answers
/// `ucal_getDayOfWeekType`. The expected days are CLDR's (supplementalData
/// `weekendStart`/`weekendEnd`): Saturday–Sunday in Canada, the United
/// States and by default (001), Friday–Saturday in Egypt and Israel, Friday
/// in Iran, Sunday in India, Thursday–Friday in Afghanistan; a C program
/// calling ICU's C API directly (not through the shim) gave the same.
@Suite("Working week")
struct WorkingWeekTests {
  @Test(
    "each region's rest days (1 = Sunday … 7 = Saturday)",
    arguments: [
      ("fr_CA", [1, 7]), ("en_US", [1, 7]), ("ar_EG", [6, 7]), ("he_IL", [6, 7]), ("fa_IR", [6]), ("hi_IN", [1]),
      ("ar", [6, 7]), ("en_001", [1, 7]), ("ps_AF", [5, 6]),
    ])
  func restDays(locale: String, expected: [Int]) throws {
    let week = try WorkingWeek(locale: LocaleIdentifier(locale))
    #expect(week.restDays == expected)
    for weekday in 1...7 {
      #expect(week.dayType(weekday: weekday) == (expected.contains(weekday) ? .rest : .working), "weekday \(weekday)")
    }
  }

  @Test(
    "a region override (rg keyword or -u-rg-) gives that region's week",
    arguments: [
      ("en_US@rg=egzzzz", [6, 7]), ("en-US-u-rg-egzzzz", [6, 7]), ("en-US-u-rg-irzzzz", [6]),
      ("ar_EG@rg=uszzzz", [1, 7]), ("fr-CA-u-rg-ilzzzz", [6, 7]),
    ])
  func regionOverride(locale: String, expected: [Int]) throws {
    #expect(try WorkingWeek(locale: LocaleIdentifier(locale)).restDays == expected)
  }

  /// 2026-12-03 is a Thursday, 2026-12-04 a Friday.
  @Test("the next working day skips the region's rest days")
  func nextWorkingDay() throws {
    let thursday = LocalDay(year: 2026, month: 12, day: 3)
    let friday = LocalDay(year: 2026, month: 12, day: 4)
    func next(_ locale: String, after day: LocalDay) throws -> String {
      try WorkingWeek(locale: LocaleIdentifier(locale)).nextWorkingDay(after: day).iso8601
    }
    #expect(try next("fr_CA", after: friday) == "2026-12-07")  // Saturday, Sunday: Monday
    #expect(try next("fr_CA", after: thursday) == "2026-12-04")
    #expect(try next("ar_EG", after: thursday) == "2026-12-06")  // Friday, Saturday: Sunday
    #expect(try next("he_IL", after: thursday) == "2026-12-06")
    #expect(try next("fa_IR", after: thursday) == "2026-12-05")  // Friday: Saturday
    #expect(try next("hi_IN", after: LocalDay(year: 2026, month: 12, day: 5)) == "2026-12-07")  // Sunday
    #expect(try next("hi_IN", after: friday) == "2026-12-05")  // Saturday is a working day in India
    #expect(try next("en_US@rg=egzzzz", after: thursday) == "2026-12-06")
  }

  @Test("a day the weekend starts or ends in counts as a working day; only a whole rest day is rest")
  func transitions() {
    #expect(WorkingWeek.DayType.rest.isRestDay)
    #expect(!WorkingWeek.DayType.working.isRestDay)
    #expect(!WorkingWeek.DayType.restStarts(atMillisecond: 43_200_000).isRestDay)
    #expect(!WorkingWeek.DayType.restEnds(atMillisecond: 43_200_000).isRestDay)
  }

  @Test("a calendar gives its locale's week")
  func fromCalendar() throws {
    let calendar = try DayCalendar(timeZone: TimeZoneIdentifier("Africa/Cairo"), locale: LocaleIdentifier("ar_EG"))
    #expect(try calendar.workingWeek().restDays == [6, 7])
  }
}
