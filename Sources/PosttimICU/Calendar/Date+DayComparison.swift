import FoundationEssentials

/// Date comparison helpers, by instant and by local calendar day.
///
/// The instant comparisons are plain `<`/`<=` on the timeline, named as the
/// Post'TIM app's helpers were. ``isSameDay(as:in:)`` compares the full
/// local calendar date in a zone (the app's old helper compared only the
/// day of the month, so 30 November and 30 December were "the same day").
extension Date {
  /// True when both instants fall on the same local day of `calendar`'s
  /// time zone (correct across DST changes and any UTC offset).
  public func isSameDay(as other: Date, in calendar: DayCalendar) -> Bool {
    calendar.day(of: self) == calendar.day(of: other)
  }

  /// True when `self` is strictly before `other`.
  public func isEarlier(than other: Date) -> Bool { self < other }
  /// True when `self` is before or at `other`.
  public func isEarlierOrEqual(to other: Date) -> Bool { self <= other }
  /// True when `self` is strictly after `other`.
  public func isLater(than other: Date) -> Bool { self > other }
  /// True when `self` is after or at `other`.
  public func isLaterOrEqual(to other: Date) -> Bool { self >= other }

  /// True when `self`'s local day is before `other`'s in `calendar`.
  public func isOnEarlierDay(than other: Date, in calendar: DayCalendar) -> Bool {
    calendar.day(of: self) < calendar.day(of: other)
  }
  /// True when `self`'s local day is after `other`'s in `calendar`.
  public func isOnLaterDay(than other: Date, in calendar: DayCalendar) -> Bool {
    calendar.day(of: self) > calendar.day(of: other)
  }

  /// The first instant of `self`'s local day (midnight, or the first valid
  /// time when DST skipped midnight).
  public func startOfDay(in calendar: DayCalendar) -> Date {
    calendar.start(of: calendar.day(of: self))
  }

  /// The first instant of the next local day: the day is the half-open
  /// interval [startOfDay, endOfDay), 23, 24 or 25 hours long.
  public func endOfDay(in calendar: DayCalendar) -> Date {
    calendar.start(of: calendar.day(of: self).advanced(by: 1))
  }
}
