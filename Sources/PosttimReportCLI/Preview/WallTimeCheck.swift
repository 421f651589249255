import FoundationEssentials
import PosttimICU

/// Wall times that a time zone skips or repeats (a DST change): `preview`
/// names the instant ICU chose for them, so a designer previewing 02:30 on
/// a spring-forward night knows it is not 02:30 that was formatted.
enum WallTimeCheck {
  /// A warning for a date-time given without offset that does not exist
  /// in `zone`, or exists twice; nil for any other value.
  ///
  ///     2026-03-08T02:30:00 does not exist in America/Toronto (the clocks skip it);
  ///       ICU chose 2026-03-08T03:30:00-04:00
  ///     2026-11-01T01:30:00 occurs twice in America/Toronto; ICU chose the first,
  ///       2026-11-01T01:30:00-04:00 (the second is 2026-11-01T01:30:00-05:00)
  ///
  /// - Parameters:
  ///   - value: the parsed ISO 8601 text.
  ///   - date: the instant ICU resolved it to in `calendar` (its zone is `zone`).
  static func warning(
    for value: ISO8601.Value, resolvedTo date: Date, in calendar: DayCalendar, zone: TimeZoneIdentifier
  ) -> String? {
    guard case .localDateTime(let day, let hour, let minute, let second) = value else { return nil }
    let asked =
      day.iso8601 + "T" + [hour, minute, second].map { PaddedDigits.decimal($0, width: 2) }.joined(separator: ":")
    let offset = calendar.utcOffset(at: date)
    let chosen = ISO8601.localString(date, offsetSeconds: offset)
    if !chosen.hasPrefix(asked) {
      return "\(asked) does not exist in \(zone.id) (the clocks skip it); ICU chose \(chosen)"
    }
    guard let otherDate = calendar.otherOccurrence(of: date) else { return nil }
    let other = ISO8601.localString(otherDate, offsetSeconds: calendar.utcOffset(at: otherDate))
    if otherDate > date {
      return "\(asked) occurs twice in \(zone.id); ICU chose the first, \(chosen) (the second is \(other))"
    }
    return "\(asked) occurs twice in \(zone.id); ICU chose the second, \(chosen) (the first is \(other))"
  }
}
