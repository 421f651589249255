import FoundationEssentials
import PosttimICU

/// The `Date` header's date-time (RFC 5322 §3.3), such as
/// `Mon, 30 Nov 2026 09:00:00 -0500`, in the report's time zone.
///
/// The date and time are formatted by the project's ICU date engine with
/// the fixed pattern `EEE, dd MMM yyyy HH:mm:ss` in `en_US_POSIX` (English
/// day and month abbreviations and ASCII digits, as §3.3 requires), the
/// offset from the same zone rules as the report.
public enum MailDate {
  /// The date and time as a UTS #35 pattern (formatted in en_US_POSIX, UTC);
  /// the `+hhmm` offset follows.
  public static let pattern = "EEE, dd MMM yyyy HH:mm:ss"

  /// The first year §3.3 allows ("1900 or later"); a run whose `Date`
  /// would be earlier is refused.
  public static let earliestYear = 1900

  /// - Throws: ``ICUError`` when ICU cannot open the formatter.
  public static func string(_ date: Date, timeZone: TimeZoneIdentifier) throws(ICUError) -> String {
    let offset = try writtenOffset(date, timeZone: timeZone)
    let local = try ICUDateFormatter(pattern: pattern, locale: .posix, timeZone: .utc)
      .string(from: date.addingTimeInterval(TimeInterval(offset * 60)))
    return local + " " + (offset < 0 ? "-" : "+")
      + PaddedDigits.decimal(abs(offset) / 60, width: 2) + PaddedDigits.decimal(abs(offset) % 60, width: 2)
  }

  /// The year the header writes for `date`.
  /// - Throws: ``ICUError`` when ICU cannot open the zone.
  public static func year(_ date: Date, timeZone: TimeZoneIdentifier) throws(ICUError) -> Int {
    let offset = try writtenOffset(date, timeZone: timeZone)
    let days = ((date.timeIntervalSince1970 + Double(offset * 60)) / 86_400).rounded(.down)
    return CivilDate.date(daysSinceUnixEpoch: Int(days)).year
  }

  /// The zone's offset at `date` in whole minutes: §3.3 has no seconds in
  /// an offset, and a local mean time's has them (Africa/Monrovia −0:44:30
  /// until 1972). The time is then written at the rounded offset, so the
  /// two still name the exact instant (11:15:00 -0045 for 12:00Z), where
  /// truncating the offset alone would shift the instant by its seconds.
  /// Rounded rather than written as +0000: the time stays within 30
  /// seconds of the zone's clock.
  private static func writtenOffset(_ date: Date, timeZone: TimeZoneIdentifier) throws(ICUError) -> Int {
    let seconds = try DayCalendar(timeZone: timeZone).utcOffset(at: date)
    return Int((Double(seconds) / 60).rounded())
  }
}
