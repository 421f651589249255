import FoundationEssentials

/// A change of a zone's UTC offset: a DST change, or a change of standard
/// time (Samoa's skipped 30 December 2011).
public struct UTCOffsetTransition: Sendable, Equatable {
  /// The first instant with the new offset.
  public let instant: Date
  /// The offset before `instant`, in seconds east of Greenwich.
  public let offsetBefore: Int
  /// The offset from `instant` on, in seconds east of Greenwich.
  public let offsetAfter: Int

  /// A change of UTC offset at `instant`; offsets in seconds east of Greenwich.
  public init(instant: Date, offsetBefore: Int, offsetAfter: Int) {
    self.instant = instant
    self.offsetBefore = offsetBefore
    self.offsetAfter = offsetAfter
  }
}

extension DayCalendar {
  /// The zone's offset changes in `[start, end)`, in order, from the zone
  /// data this calendar uses (the system TZif file, see ``SystemTimeZoneData``).
  ///
  /// The offset is sampled every hour and each change is bisected to the
  /// second, so two changes less than an hour apart would be missed; no
  /// zone in the tz database has those. A year costs about 9,000 ICU calls.
  public func utcOffsetTransitions(from start: Date, to end: Date) -> [UTCOffsetTransition] {
    func offset(_ second: Int) -> Int { utcOffset(at: Date(timeIntervalSince1970: TimeInterval(second))) }
    let last = Int(end.timeIntervalSince1970.rounded(.up))
    var second = Int(start.timeIntervalSince1970.rounded(.down))
    var current = offset(second)
    var result: [UTCOffsetTransition] = []
    while second < last {
      let next = min(second + 3600, last)
      let nextOffset = offset(next)
      if nextOffset != current {
        // offset(low) == current, offset(high) == nextOffset.
        var (low, high) = (second, next)
        while high - low > 1 {
          let middle = low + (high - low) / 2
          if offset(middle) == current { low = middle } else { high = middle }
        }
        if high < last {
          result.append(
            UTCOffsetTransition(
              instant: Date(timeIntervalSince1970: TimeInterval(high)), offsetBefore: current,
              offsetAfter: nextOffset))
        }
        current = nextOffset
      }
      second = next
    }
    return result
  }
}
