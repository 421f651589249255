import Foundation
import PosttimICU

/// When a reader's mail is due: at wall time `at` (default 06:00) on each
/// local day, in the reader's own zone. The rule compares wall times, so it
/// holds across DST: on a spring-forward day whose 02:30 does not exist, a
/// reader due at 02:30 is due from 03:00.
struct RosterDue: Equatable, Sendable {
  /// The reader's local date at "now", `YYYY-MM-DD`.
  let localDate: LocalDay
  /// Whether the local wall time has reached `at`.
  let isDue: Bool

  /// A wall time `HH:MM` (00:00…23:59), in minutes after midnight.
  static func wallTime(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }

  /// `HH:MM` for minutes after midnight.
  static func wallText(_ minutes: Int) -> String {
    String(format: "%02d:%02d", minutes / 60, minutes % 60)
  }

  init(now: Date, calendar: DayCalendar, at minutes: Int) {
    localDate = calendar.day(of: now)
    let local = Int(now.timeIntervalSince1970.rounded(.down)) + calendar.utcOffset(at: now)
    let wall = ((local % 86_400) + 86_400) % 86_400 / 60
    isDue = wall >= minutes
  }
}
