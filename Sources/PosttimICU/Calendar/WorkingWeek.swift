import CICUShim

/// The working days and rest days of a locale's week, from CLDR's week data
/// as ICU holds it (`ucal_getDayOfWeekType`).
///
/// The region decides, not the language: fr_CA and en_US rest on Saturday
/// and Sunday, ar_EG and he_IL on Friday and Saturday, fa_IR on Friday only,
/// hi_IN on Sunday only (ICU 72, CLDR 42). A region override in the locale
/// is honoured (`en_US@rg=egzzzz`, BCP 47 `en-US-u-rg-egzzzz`: English with
/// Egypt's week).
///
///     let week = try WorkingWeek(locale: LocaleIdentifier("ar_EG"))
///     week.restDays                       // [6, 7]: Friday, Saturday
///     week.nextWorkingDay(after: thursday) // the Sunday after
public struct WorkingWeek: Sendable, Equatable {
  /// What ICU says of one day of the week.
  public enum DayType: Sendable, Equatable {
    /// Working from midnight to midnight.
    case working
    /// Resting from midnight to midnight.
    case rest
    /// The weekend starts during the day, this many milliseconds after midnight.
    case restStarts(atMillisecond: Int)
    /// The weekend ends during the day, this many milliseconds after midnight.
    case restEnds(atMillisecond: Int)

    /// Whether the whole day is rest. A day the weekend starts or ends in
    /// has working hours, so it counts as a working day: an agenda that
    /// skipped it would hide the tasks of those hours.
    public var isRestDay: Bool { self == .rest }
  }

  /// The locale whose week this is.
  public let locale: LocaleIdentifier
  /// Each day's type, Sunday first (index 0 is weekday 1).
  public let dayTypes: [DayType]

  /// The week of `locale`'s region (or of its `rg` override).
  /// - Throws: ``ICUError`` when ICU cannot open a calendar for it.
  public init(locale: LocaleIdentifier) throws(ICUError) {
    // Week data does not depend on the zone: ICU's own UTC.
    let calendar = try openICUHandle(
      "ucal_open",
      open: { status in "UTC".withUTF16Buffer { zone, length in cicu_cal_open(zone, length, locale.icuID, &status) } },
      close: cicu_cal_close)
    defer { cicu_cal_close(calendar) }
    var types: [DayType] = []
    for weekday in Int32(1)...7 {
      var status: Int32 = 0
      var transition: Int32 = -1
      let type = cicu_cal_day_of_week_type(calendar, weekday, &transition, &status)
      try checkICU(status, "ucal_getDayOfWeekType")
      switch type {
      case Int32(CICU_WEEKEND): types.append(.rest)
      case Int32(CICU_WEEKEND_ONSET): types.append(.restStarts(atMillisecond: Int(transition)))
      case Int32(CICU_WEEKEND_CEASE): types.append(.restEnds(atMillisecond: Int(transition)))
      default: types.append(.working)
      }
    }
    self.locale = locale
    self.dayTypes = types
  }

  /// ICU's answer for `weekday` (1 = Sunday … 7 = Saturday, ``LocalDay/weekday``'s numbering).
  public func dayType(weekday: Int) -> DayType { dayTypes[((weekday - 1) % 7 + 7) % 7] }

  /// The rest days, 1 = Sunday … 7 = Saturday, in that order.
  public var restDays: [Int] { (1...7).filter { dayType(weekday: $0).isRestDay } }

  /// Whether `day` is a working day (see ``DayType/isRestDay``).
  public func isWorkingDay(_ day: LocalDay) -> Bool { !dayType(weekday: day.weekday).isRestDay }

  /// The first working day after `day`. A week of rest days only (no CLDR
  /// region has one) gives the next day, so the answer always exists.
  public func nextWorkingDay(after day: LocalDay) -> LocalDay {
    for step in 1...7 where isWorkingDay(day.advanced(by: step)) { return day.advanced(by: step) }
    return day.advanced(by: 1)
  }
}

extension DayCalendar {
  /// The working week of the calendar's locale.
  /// - Throws: ``ICUError`` when ICU cannot open a calendar for it.
  public func workingWeek() throws(ICUError) -> WorkingWeek { try WorkingWeek(locale: locale) }
}
