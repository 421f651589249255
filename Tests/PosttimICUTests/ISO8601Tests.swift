import Foundation
import PosttimICU
import Testing

@Suite("ISO 8601")
struct ISO8601Tests {
  @Test("machine-facing strings: Gregorian, ASCII digits, whole seconds")
  func strings() {
    let date = Date(timeIntervalSince1970: 1_796_133_600.9)  // 2026-12-01T14:00:00.9Z
    #expect(ISO8601.utcString(date) == "2026-12-01T14:00:00Z")
    #expect(ISO8601.localString(date, offsetSeconds: -5 * 3600) == "2026-12-01T09:00:00-05:00")
    #expect(ISO8601.localString(date, offsetSeconds: 5 * 3600 + 2700) == "2026-12-01T19:45:00+05:45")
    #expect(ISO8601.utcString(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
  }

  @Test("parses dates, local date-times and instants")
  func parse() throws {
    #expect(try ISO8601.parse("2026-12-01") == .day(LocalDay(year: 2026, month: 12, day: 1)))
    #expect(
      try ISO8601.parse("2026-12-01T09:30")
        == .localDateTime(LocalDay(year: 2026, month: 12, day: 1), hour: 9, minute: 30, second: 0))
    #expect(try ISO8601.parse("2026-12-01T09:00:00-05:00") == .instant(Date(timeIntervalSince1970: 1_796_133_600)))
    #expect(try ISO8601.parse("2026-12-01T14:00:00Z") == .instant(Date(timeIntervalSince1970: 1_796_133_600)))
    #expect(try ISO8601.parse("2026-12-01T19:45:00+0545") == .instant(Date(timeIntervalSince1970: 1_796_133_600)))
  }

  @Test(
    "refuses malformed values",
    arguments: ["2026-13-01", "2026-02-29", "2026-12-01T25:00", "tomorrow", "2026-12-01T09:00:00+5", "2026-12-01X"])
  func refuses(text: String) {
    #expect(throws: DateEngineError.self) { try ISO8601.parse(text) }
  }
}
