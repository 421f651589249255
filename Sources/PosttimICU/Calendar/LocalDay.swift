/// One calendar day on a local wall clock, independent of any zone once
/// made: day N of ICU's Julian day count (1970-01-01 is 2440588).
///
/// Comparable and hashable by day, so grouping and window filters never
/// do 86,400-second arithmetic (which breaks on DST days).
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// ICU's JULIAN_DAY number of the day.
  public let dayNumber: Int32

  /// The day with ICU's Julian day number `dayNumber` (1970-01-01 is 2,440,588).
  public init(dayNumber: Int32) { self.dayNumber = dayNumber }

  /// The day of a proleptic Gregorian date (month 1…12).
  public init(year: Int, month: Int, day: Int) {
    self.dayNumber = Int32(
      CivilDate.daysSinceUnixEpoch(year: year, month: month, day: day) + CivilDate.julianDayOfUnixEpoch)
  }

  /// Gregorian year, month (1…12) and day of month.
  public var gregorian: (year: Int, month: Int, day: Int) {
    CivilDate.date(daysSinceUnixEpoch: Int(dayNumber) - CivilDate.julianDayOfUnixEpoch)
  }

  /// Day of the week, 1 = Sunday … 7 = Saturday (ICU's numbering).
  public var weekday: Int {
    let mondayBased = (Int(dayNumber) % 7 + 7) % 7  // Julian day 0 was a Monday
    return (mondayBased + 1) % 7 + 1
  }

  /// The day `count` days later (earlier when negative).
  public func advanced(by count: Int) -> LocalDay { LocalDay(dayNumber: dayNumber + Int32(count)) }

  /// Days from `self` to `other` (positive when `other` is later).
  public func distance(to other: LocalDay) -> Int { Int(other.dayNumber - dayNumber) }

  /// ISO 8601 calendar date, ASCII digits: `2026-11-30`.
  public var iso8601: String {
    let (year, month, day) = gregorian
    return ISO8601.pad(year, 4) + "-" + ISO8601.pad(month, 2) + "-" + ISO8601.pad(day, 2)
  }

  public var description: String { iso8601 }

  public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.dayNumber < rhs.dayNumber }
}
