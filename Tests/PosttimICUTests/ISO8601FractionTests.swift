import Foundation
import PosttimICU
import Testing

/// Fractional seconds of an instant are cut to the millisecond, as plist
/// dates are: rounding up would carry a `--now` just before midnight into
/// the next day.
@Suite("ISO 8601 fractional seconds")
struct ISO8601FractionTests {
  static let lastSecondOfNovember: TimeInterval = 1_796_083_199  // 2026-11-30T23:59:59Z

  @Test(
    "a fraction is cut to the millisecond, never carried into the next second",
    arguments: [
      ("2026-11-30T23:59:59.9995Z", 999), ("2026-11-30T23:59:59.9999999Z", 999), ("2026-11-30T23:59:59,5Z", 500),
      ("2026-11-30T23:59:59.123Z", 123), ("2026-11-30T23:59:59.0009Z", 0), ("2026-11-30T18:59:59.25-05:00", 250),
    ])
  func cutToMillisecond(text: String, milliseconds: Int) throws {
    let expected = Date(timeIntervalSince1970: Self.lastSecondOfNovember + TimeInterval(milliseconds) / 1000)
    #expect(try ISO8601.parse(text) == .instant(expected))
  }

  @Test("an instant just before midnight stays on its day in UTC")
  func staysOnItsDay() throws {
    guard case .instant(let date) = try ISO8601.parse("2026-11-30T23:59:59.9995Z") else {
      Issue.record("not an instant")
      return
    }
    #expect(ISO8601.utcString(date) == "2026-11-30T23:59:59Z")
  }
}
