import Foundation
import Testing

@testable import PosttimICU

/// An `Mm.1.d` rule whose `/time` moves it back seven days or more
/// (−145 to −167 hours) falls in the last week of the month before: it is
/// that month's last weekday, and the zone matches GNU `date` at every
/// hour of 2027–2029 (2028 a leap year). Rules whose moved date changes
/// with leap years or crosses the year's end stay refused, with the reason.
@Suite("POSIX TZ rules moved into another month")
struct POSIXRuleMonthCrossingTests {
  /// The hours of 2027–2029 where `zone` differs from glibc with `TZ=tz`.
  static func mismatches(_ zone: TimeZoneIdentifier, tz: String) throws -> [String] {
    let formatter = try ICUDateFormatter(pattern: "yyyy-MM-dd HH:mm xx", locale: .posix, timeZone: zone)
    let start = 1_798_761_600  // 2027-01-01T00:00:00Z
    let instants = Array(stride(from: start, to: start + 3 * 365 * 86_400, by: 3_600))
    let expected = try POSIXRuleZoneTests.glibcTimes(tz, instants)
    guard expected.count == instants.count else { return ["GNU date gave \(expected.count) times"] }
    return zip(instants, expected).compactMap { instant, glibc in
      let ours = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(instant)))
      return ours == glibc ? nil : "@\(instant): \(ours) != \(glibc)"
    }
  }

  @Test(
    "the first week moved back into the month before matches GNU date",
    .enabled(if: POSIXRuleZoneTests.gnuDate, "needs GNU date (coreutils, glibc) as the oracle"),
    arguments: [
      "AAA3BBB,M3.1.0/-150,M10.5.0",  // into February's last week, leap years too
      "AAA3BBB,M4.1.3/-167,M10.1.0/-160",  // both rules, into March and September
      "<+01>-1<+02>,M3.5.0/-2,M11.1.6/-145",  // a Saturday 23:00 of October's last week
      "EST5EDT,M3.5.6/49,M10.5.6/25",  // last weeks moved forward, into April and November
    ])
  func matchesGlibc(rule: String) throws {
    let mismatches = try Self.mismatches(try TimeZoneIdentifier(rule), tz: rule)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test(
    "a moved date that changes with leap years or crosses the year's end is refused with the reason",
    arguments: ["AAA3BBB,M2.5.0/-1,M10.5.6/25", "AAA3BBB,M1.1.0/-1,M10.5.0", "AAA3BBB,M3.5.0,M12.5.0/25"])
  func refused(rule: String) throws {
    #expect(
      throws: DateEngineError.invalidPOSIXTimeZone(rule, reason: "its rules cannot be converted exactly to an ICU zone")
    ) { try TimeZoneIdentifier(posixTZ: rule) }
  }
}
