import Testing

@testable import PosttimICU

/// The one Swift civil-date implementation, against facts known outside
/// the code: 2000-01-01 is day 10,957 of the Unix epoch (POSIX `date -d
/// 2000-01-01 +%s` = 946684800); 0001-01-01 is Rata Die 1 and 1970-01-01 is
/// Rata Die 719,163; 2026-11-30 is Julian day 2,461,375 (a Monday).
@Suite("Civil dates")
struct CivilDateTests {
  @Test("leap years and month lengths follow the Gregorian rule")
  func lengths() {
    #expect(CivilDate.isLeapYear(2000) && CivilDate.isLeapYear(2024) && !CivilDate.isLeapYear(1900))
    #expect(!CivilDate.isLeapYear(2026))
    #expect(CivilDate.isValid(year: 2000, month: 2, day: 29))
    #expect(!CivilDate.isValid(year: 1900, month: 2, day: 29))
    #expect(!CivilDate.isValid(year: 2026, month: 4, day: 31))
    #expect(!CivilDate.isValid(year: 2026, month: 13, day: 1))
    #expect(CivilDate.daysIn(month: 12, year: 2026) == 31)
  }

  @Test("days since the epoch, both ways")
  func days() {
    let known = [
      ((1970, 1, 1), 0), ((1969, 12, 31), -1), ((2000, 1, 1), 10_957), ((2000, 3, 1), 11_017), ((1, 1, 1), -719_162),
    ]
    for ((year, month, day), days) in known {
      #expect(CivilDate.daysSinceUnixEpoch(year: year, month: month, day: day) == days)
      #expect(CivilDate.date(daysSinceUnixEpoch: days) == (year, month, day))
    }
    let day = LocalDay(year: 2026, month: 11, day: 30)
    #expect(day.dayNumber == 2_461_375)
    #expect(day.weekday == 2)
    #expect(day.iso8601 == "2026-11-30")
  }
}
