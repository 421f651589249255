import FoundationEssentials
import PosttimICU

/// The days an agenda shows, as people say them: a first day, a last day
/// or a number of days, each resolved against "now" in the report's zone.
///
/// `from` and `to` are ``RelativeDay`` values (`2026-12-01`, `tomorrow`,
/// `+3`, `next-workday`); `days` counts from the first day (today when
/// `from` is nil), that day included. Resolved days go into
/// ``AgendaOptions/from`` and ``AgendaOptions/to``.
public struct AgendaWindow: Sendable, Equatable {
  /// The first day shown; nil for today with the overdue tasks before it.
  public var from: RelativeDay?
  /// The last day shown (inclusive); nil for no end.
  public var to: RelativeDay?
  /// How many days are shown, from the first; instead of `to`.
  public var days: Int?

  /// A window; see each property.
  public init(from: RelativeDay? = nil, to: RelativeDay? = nil, days: Int? = nil) {
    self.from = from
    self.to = to
    self.days = days
  }

  /// A window that cannot be shown. The messages name days, not options.
  public enum Problem: Error, Equatable, CustomStringConvertible {
    /// Both a last day and a number of days.
    case lastDayAndDayCount
    /// A number of days below 1.
    case noDays(Int)
    /// The last day comes before the first.
    case endsBeforeStart(first: LocalDay, last: LocalDay)
    /// A date the report's zone skipped (Pacific/Apia's 2011-12-30): no
    /// instant falls on it, so it can be neither a first nor a last day.
    case skippedDate(LocalDay, zone: String)
    /// Today or a day of the window past the year 9999 (ISO 8601's four
    /// digits): `now` near its end, in a zone east of UTC, or a window
    /// reaching past it. Year 0 (1 BC) has four digits and is shown.
    case outsideYears(LocalDay, zone: String)

    public var description: String {
      switch self {
      case .lastDayAndDayCount: return "give a last day or a number of days, not both"
      case .noDays(let count): return "a window shows at least 1 day, not \(count)"
      case .endsBeforeStart(let first, let last): return "the last day (\(last)) is before the first day (\(first))"
      case .skippedDate(let day, let zone): return "\(day) is not a day in \(zone): the zone skipped that date"
      case .outsideYears(let day, let zone): return "\(day) in \(zone) is past 9999-12-31, the last day a report shows"
      }
    }
  }

  /// The first and last days at `now` in `calendar`'s zone and locale.
  /// The working week is asked of ICU only when `next-workday` is used.
  /// - Throws: ``Problem``, or ``ICUError`` when ICU cannot give the week.
  public func resolved(now: Date, in calendar: DayCalendar) throws -> (from: LocalDay?, to: LocalDay?) {
    let today = calendar.day(of: now)
    let needsWeek = from?.needsWorkingWeek == true || to?.needsWorkingWeek == true
    let week = needsWeek ? try calendar.workingWeek() : nil
    if to != nil, days != nil { throw Problem.lastDayAndDayCount }
    if let days, days < 1 { throw Problem.noDays(days) }
    let first = from.map { $0.resolved(today: today, week: week, in: calendar) }
    var last = to.map { $0.resolved(today: today, week: week, in: calendar) }
    // Relative days only land on days the zone has; a date given as such may not.
    for case .date(let day)? in [from, to] where !calendar.has(day) {
      throw Problem.skippedDate(day, zone: calendar.timeZone.id)
    }
    // Days the zone has: a date it skipped is not one of the `days`.
    if let days { last = calendar.day(first ?? today, movedBy: days - 1) }
    // Without a first day the window starts today (overdue tasks come before it, not after the end).
    if let last, last < (first ?? today) { throw Problem.endsBeforeStart(first: first ?? today, last: last) }
    for case let day? in [today, first, last] where day.gregorian.year > 9999 {
      throw Problem.outsideYears(day, zone: calendar.timeZone.id)
    }
    return (first, last)
  }
}
