import FoundationEssentials
import PosttimICU

/// A VTIMEZONE component (RFC 5545 §3.6.5) for one zone and one year,
/// computed from the zone data the report uses (the system TZif file,
/// through ``DayCalendar``), not from a copy of the rules.
///
///     BEGIN:VTIMEZONE
///     TZID:America/Toronto
///     BEGIN:STANDARD
///     DTSTART:20260101T000000
///     TZOFFSETFROM:-0500
///     TZOFFSETTO:-0500
///     END:STANDARD
///     BEGIN:DAYLIGHT
///     DTSTART:20260308T020000
///     TZOFFSETFROM:-0500
///     TZOFFSETTO:-0400
///     END:DAYLIGHT
///     BEGIN:STANDARD
///     DTSTART:20261101T020000
///     TZOFFSETFROM:-0400
///     TZOFFSETTO:-0500
///     END:STANDARD
///     END:VTIMEZONE
///
/// - One observance for the offset in force on 1 January at 00:00 (so every
///   instant of the year has a defined offset; TZOFFSETFROM = TZOFFSETTO),
///   then one per offset change in the year, with its DTSTART as the local
///   time of the old offset (§3.8.2.4: "the effective onset date and local
///   time"). Explicit dates, no RRULE.
/// - DAYLIGHT for an offset up to two hours above the year's lowest one,
///   else STANDARD (TZif's DST flag is not read; a zone with "negative DST"
///   such as Europe/Dublin gets its observances the other way round, with
///   the same offsets; a jump of a day, Samoa's 2011 move from −10 to +14,
///   is a change of standard time).
enum ICalendarTimeZone {
  /// The component's content lines (unfolded, without CRLF).
  static func lines(calendar: DayCalendar, year: Int) -> [String] {
    let start = calendar.start(of: LocalDay(year: year, month: 1, day: 1))
    let end = calendar.start(of: LocalDay(year: year + 1, month: 1, day: 1))
    var lines = ["BEGIN:VTIMEZONE", "TZID:" + ICalendarText.escapedText(calendar.timeZone.id)]
    func observance(_ kind: String, onset: Date, from: Int, to: Int) {
      lines += [
        "BEGIN:" + kind, "DTSTART:" + localDateTime(onset, offset: from), "TZOFFSETFROM:" + utcOffset(from),
        "TZOFFSETTO:" + utcOffset(to), "END:" + kind,
      ]
    }
    let changes = calendar.utcOffsetTransitions(from: start, to: end)
    let initial = calendar.utcOffset(at: start)
    let lowest = changes.reduce(initial) { min($0, $1.offsetAfter) }
    func kind(_ offset: Int) -> String { (1...7200).contains(offset - lowest) ? "DAYLIGHT" : "STANDARD" }
    // The year's first instant opens an observance too, so every instant of
    // the year has a defined offset (none is defined before the first onset).
    observance(kind(initial), onset: start, from: initial, to: initial)
    for change in changes {
      observance(kind(change.offsetAfter), onset: change.instant, from: change.offsetBefore, to: change.offsetAfter)
    }
    return lines + ["END:VTIMEZONE"]
  }

  /// A local DATE-TIME (§3.3.5, form #1), `20260308T020000`: `instant`
  /// seen at `offset` seconds east of Greenwich.
  static func localDateTime(_ instant: Date, offset: Int) -> String {
    let utc = ICalendarText.utcDateTime(fromISO: ISO8601.utcString(instant.addingTimeInterval(TimeInterval(offset))))
    return String(utc.dropLast())  // the "Z"
  }

  /// A UTC-OFFSET value (§3.3.14): `-0500`, `+0545`, `+003430` with seconds.
  static func utcOffset(_ seconds: Int) -> String {
    let magnitude = abs(seconds)
    let parts = [magnitude / 3600, magnitude / 60 % 60] + (magnitude % 60 == 0 ? [] : [magnitude % 60])
    // "-0000" is not allowed (§3.3.14).
    return (seconds < 0 ? "-" : "+") + parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
  }
}
