import FoundationEssentials
import PosttimICU

/// When a reader's mail is due: at wall time `at` (default 06:00) on each
/// local day, in the reader's own zone, until that local day ends or one
/// hour after `at`, whichever is later: an hourly run at 00:00 still sends
/// the 23:15 reader's mail of the day before. The rule compares wall times,
/// so it holds across DST: on a spring-forward day whose 02:30 does not
/// exist, a reader due at 02:30 is due from 03:00. On a fall-back day whose
/// 01:30 comes twice, a reader due at 01:30 is due from the first, as cron
/// and systemd run a job then; the journal keeps the second from sending
/// again.
struct RosterDue: Equatable, Sendable {
  /// The local date of the occurrence: today's at "now", or the day
  /// before's while its hour after `at` lasts, `YYYY-MM-DD`.
  let localDate: LocalDay
  /// Whether that occurrence is due.
  let isDue: Bool
  /// For the day before's occurrence, the instant its `at` was reached:
  /// its mail is made as at that instant (that date's window and `Date`);
  /// nil for today's.
  let madeAt: Date?

  /// How long after `at` an occurrence stays due past its local day's end.
  static let grace: TimeInterval = 3600

  /// A wall time `HH:MM` (00:00…23:59), in minutes after midnight. Two
  /// ASCII digits each: `Int` would take a sign (`-0:30` as 00:30).
  static func wallTime(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy { (48...57).contains($0) } }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }

  /// `HH:MM` for minutes after midnight.
  static func wallText(_ minutes: Int) -> String {
    PaddedDigits.decimal(minutes / 60, width: 2) + ":" + PaddedDigits.decimal(minutes % 60, width: 2)
  }

  init(now: Date, calendar: DayCalendar, at minutes: Int) {
    let today = calendar.day(of: now)
    // The day before as the zone has it (Apia's 2011-12-31 follows the 29th).
    let dayBefore = calendar.day(today, movedBy: -1)
    let hourAgo = now.addingTimeInterval(-Self.grace)
    // Past `at` on the clock, or (on a fall-back day) past its first occurrence.
    if Self.wall(now, calendar) >= minutes || Self.firstReached(today, minutes, calendar).map({ $0 <= now }) ?? false {
      (localDate, isDue, madeAt) = (today, true, nil)
    } else if calendar.day(of: hourAgo) == dayBefore, Self.wall(hourAgo, calendar) < minutes {
      // An hour ago the day before's `at` was still ahead: it was reached
      // less than an hour ago (or, in a gap, not at all before midnight).
      let target = (Int(dayBefore.dayNumber) - CivilDate.julianDayOfUnixEpoch) * 86_400 + minutes * 60
      var instant = Date(timeIntervalSince1970: TimeInterval(target - calendar.utcOffset(at: now)))
      instant = Date(timeIntervalSince1970: TimeInterval(target - calendar.utcOffset(at: instant)))
      let inside = calendar.day(of: instant) == dayBefore && instant >= hourAgo && instant <= now
      (localDate, isDue, madeAt) = (dayBefore, true, inside ? instant : hourAgo)
    } else {
      (localDate, isDue, madeAt) = (today, false, nil)
    }
  }

  /// The earliest instant of `day` whose wall time is `minutes`: on a
  /// fall-back day, the first of the two; nil when the clocks skip it.
  /// Each offset in force within six hours of it is tried.
  private static func firstReached(_ day: LocalDay, _ minutes: Int, _ calendar: DayCalendar) -> Date? {
    func offset(_ seconds: Int) -> Int { calendar.utcOffset(at: Date(timeIntervalSince1970: TimeInterval(seconds))) }
    let wall = (Int(day.dayNumber) - CivilDate.julianDayOfUnixEpoch) * 86_400 + minutes * 60
    let near = wall - offset(wall)
    let instants = Set([-6 * 3600, 0, 6 * 3600].map { wall - offset(near + $0) })
    return instants.filter { offset($0) == wall - $0 }.min().map { Date(timeIntervalSince1970: TimeInterval($0)) }
  }

  private static func localSeconds(_ date: Date, _ calendar: DayCalendar) -> Int {
    Int(date.timeIntervalSince1970.rounded(.down)) + calendar.utcOffset(at: date)
  }

  /// The local wall time at `date`, in minutes after midnight.
  private static func wall(_ date: Date, _ calendar: DayCalendar) -> Int {
    ((localSeconds(date, calendar) % 86_400) + 86_400) % 86_400 / 60
  }
}
