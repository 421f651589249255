import Foundation
import PosttimICU
import TestSupport
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

  @Test("instants of years 0 to 9999, in UTC and at offsets with seconds, spelled as a walk of the calendar does")
  func stringsMatchCalendarWalk() {
    var random = SplitMix64(seed: 4)
    let offsets = [0, -5 * 3600, 5 * 3600 + 2700, -(9 * 3600 + 30 * 60), 14 * 3600, -(4 * 3600 + 56 * 60 + 2), 86_399]
    for _ in 0..<20_000 {
      let seconds = Int.random(in: -62_167_219_200 + 86_400..<253_402_300_800 - 86_400, using: &random)
      let offset = offsets.randomElement(using: &random)!
      let date = Date(timeIntervalSince1970: Double(seconds) + 0.25)
      #expect(ISO8601.localString(date, offsetSeconds: offset) == Self.walked(seconds, offset: offset))
    }
  }

  /// Days from 1970-01-01 to 1 January of each year 0…10000, counted year
  /// by year with the Gregorian leap rule (not the library's arithmetic).
  static let yearStarts: [Int] = {
    var starts: [Int] = []
    var day = -719_528  // 0000-01-01
    for year in 0...10_000 {
      starts.append(day)
      day += year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 366 : 365
    }
    return starts
  }()

  /// The ISO 8601 text of `seconds` since the Unix epoch at `offset`: the
  /// year found among ``yearStarts``, the month by walking month lengths.
  static func walked(_ seconds: Int, offset: Int) -> String {
    let local = seconds + offset
    let days = Int((Double(local) / 86_400).rounded(.down))
    let inDay = local - days * 86_400
    var (year, after) = (0, yearStarts.count)  // yearStarts[year] <= days < yearStarts[after]
    while after - year > 1 {
      let middle = (year + after) / 2
      if yearStarts[middle] <= days { year = middle } else { after = middle }
    }
    var dayOfYear = days - yearStarts[year]
    let leap = yearStarts[year + 1] - yearStarts[year] == 366
    var month = 1
    for length in [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] {
      guard dayOfYear >= length else { break }
      dayOfYear -= length
      month += 1
    }
    var text = String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, dayOfYear + 1, inDay / 3600, inDay / 60 % 60, inDay % 60)
    if offset == 0 { return text + "Z" }
    let magnitude = abs(offset)
    text += String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", magnitude / 3600, magnitude / 60 % 60)
    return magnitude % 60 == 0 ? text : text + String(format: ":%02d", magnitude % 60)
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
