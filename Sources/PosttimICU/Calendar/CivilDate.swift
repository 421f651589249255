/// Proleptic Gregorian calendar arithmetic (ISO 8601:2004 §3.2.1), the one
/// Swift implementation: the ISO 8601 parser, the plist date reader and
/// ``LocalDay`` all count days with it. (The C++ shim has its own, for
/// POSIX TZ rules, in CICUTimeZones.cpp: one per language boundary.)
package enum CivilDate {
  /// ICU's Julian day number of 1970-01-01 (`dayNumber` of ``LocalDay``).
  package static let julianDayOfUnixEpoch = 2_440_588

  /// Leap years of the Gregorian rule: every 4th, except centuries not divisible by 400.
  package static func isLeapYear(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

  /// Days in `month` (1…12) of `year`.
  package static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Whether year, month and day name a real date (month 1…12, day within the month).
  package static func isValid(year: Int, month: Int, day: Int) -> Bool {
    (1...12).contains(month) && day >= 1 && day <= daysIn(month: month, year: year)
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date, negative before
  /// (H. Hinnant's `days_from_civil`, exact for every `Int` year here).
  package static func daysSinceUnixEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's
  /// `civil_from_days`, the inverse of ``daysSinceUnixEpoch(year:month:day:)``).
  package static func date(daysSinceUnixEpoch days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
