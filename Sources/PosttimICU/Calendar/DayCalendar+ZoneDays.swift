/// Counting the days of the calendar's zone: the local days it has, which
/// are not always every date. A zone that crossed the date line eastwards
/// skipped a whole date (Pacific/Apia has no 2011-12-30, Pacific/Kiritimati
/// no 1994-12-31): no instant falls on it, so it is no day of the zone.
/// Tomorrow from Apia's 2011-12-29 is 2011-12-31, and every relative day
/// (today ± N, next-workday, `--days`, `--overdue-days`, the roster's day
/// before) steps with ``day(_:movedBy:)``, so a window's bounds, its filter
/// and its subject all name days that exist.
extension DayCalendar {
  /// Whether an instant of the zone falls on `day`: false only for a date
  /// the zone skipped whole. DST days (23 or 25 hours, or starting at 01:00
  /// where midnight was skipped) are days.
  public func has(_ day: LocalDay) -> Bool { self.day(of: start(of: day)) == day }

  /// The day `count` days of the zone after `day` (before it when
  /// negative); dates the zone skipped are not counted.
  public func day(_ day: LocalDay, movedBy count: Int) -> LocalDay {
    var result = day
    var remaining = count
    // Each pass steps `remaining` dates, then as many more as it passed skipped ones.
    while remaining != 0 {
      let next = result.advanced(by: remaining)
      let passed = remaining > 0 ? result.advanced(by: 1)...next : next...result.advanced(by: -1)
      let skipped = skippedDays(in: passed).count
      result = next
      remaining = remaining > 0 ? skipped : -skipped
    }
    return result
  }

  /// Days of the zone from `day` to `other`, positive when `other` is later
  /// (the inverse of ``day(_:movedBy:)``).
  public func distance(from day: LocalDay, to other: LocalDay) -> Int {
    let dates = day.distance(to: other)
    if dates == 0 { return 0 }
    let passed = dates > 0 ? day.advanced(by: 1)...other : other...day.advanced(by: -1)
    let skipped = skippedDays(in: passed).count
    return dates > 0 ? dates - skipped : dates + skipped
  }

  /// The first working day of `week` after `day` that the zone has; the
  /// next day when the week has no working day.
  public func nextWorkingDay(after day: LocalDay, in week: WorkingWeek) -> LocalDay {
    let next = self.day(day, movedBy: 1)
    var candidate = next
    for _ in 0..<7 {
      if week.isWorkingDay(candidate) { return candidate }
      candidate = self.day(candidate, movedBy: 1)
    }
    return next
  }

  /// The dates of `range` the zone skipped, in order (almost always none).
  func skippedDays(in range: ClosedRange<LocalDay>) -> [LocalDay] {
    // Two days either side hold the range's local days at any UTC offset (under 26 hours).
    let epoch = Double(CivilDate.julianDayOfUnixEpoch)
    let start = (Double(range.lowerBound.dayNumber) - epoch - 2) * millisPerDay
    let end = (Double(range.upperBound.dayNumber) - epoch + 3) * millisPerDay
    let candidates =
      daysJumpedOver(fromMillis: start, toMillis: end)
      ?? (range.lowerBound.dayNumber...range.upperBound.dayNumber).map(LocalDay.init(dayNumber:))
    // ICU's own answer decides: a later change back could revisit a jumped day.
    return candidates.filter { range.contains($0) && !has($0) }
  }
}
