import Foundation
import PosttimICU

/// The `Date` header's date-time (RFC 5322 §3.3), such as
/// `Mon, 30 Nov 2026 09:00:00 -0500`, in the report's time zone.
///
/// Formatted by the project's ICU date engine with the fixed pattern
/// `EEE, dd MMM yyyy HH:mm:ss xx` in `en_US_POSIX` (English day and month
/// abbreviations and ASCII digits, as §3.3 requires, in the Gregorian
/// calendar), so the offset comes from the same zone rules as the report.
public enum MailDate {
  /// The RFC 5322 §3.3 date-time as a UTS #35 pattern (formatted in en_US_POSIX).
  public static let pattern = "EEE, dd MMM yyyy HH:mm:ss xx"

  /// - Throws: ``ICUError`` when ICU cannot open the formatter.
  public static func string(_ date: Date, timeZone: TimeZoneIdentifier) throws(ICUError) -> String {
    try ICUDateFormatter(pattern: pattern, locale: .posix, timeZone: timeZone).string(from: date)
  }
}
