import FoundationEssentials

extension DayCalendar {
  /// The other instant with `date`'s wall time, when that wall time occurs
  /// twice (``isRepeatedWallTime(_:)``); nil otherwise.
  public func otherOccurrence(of date: Date) -> Date? {
    guard isRepeatedWallTime(date) else { return nil }
    // Offsets a few hours around the change: no zone changes twice that fast.
    let offset = utcOffset(at: date)
    let before = utcOffset(at: date.addingTimeInterval(-3 * 3600))
    let after = utcOffset(at: date.addingTimeInterval(3 * 3600))
    // The first occurrence has the earlier offset, the second the later one;
    // the other instant has the other offset and the same wall time.
    let other = offset == before ? after : before
    return date.addingTimeInterval(TimeInterval(offset - other))
  }
}
