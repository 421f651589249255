import Foundation
import Testing

@testable import PosttimICU

/// `DayCalendar` keeps the constant-offset span ICU reported and answers
/// later instants in it without ICU. Differential test: every answer must
/// equal ICU's own, asked directly, across the transitions that make zones
/// hard: DST both ways, half-hour and negative DST, skipped days, local
/// mean time with seconds, and rule-based futures.
@Suite("Kept offset spans agree with ICU")
struct OffsetSpanTests {
  static let zones = [
    "America/Toronto", "Europe/Paris", "Europe/Dublin", "Australia/Lord_Howe", "Pacific/Apia",
    "Pacific/Kiritimati", "Asia/Kathmandu", "America/Sao_Paulo", "Africa/Casablanca", "America/St_Johns",
    "Antarctica/Troll", "Asia/Tokyo", "UTC", "Etc/GMT+12",
  ]

  /// Instants from 1880 to 2060: every 401 minutes (so every minute-of-hour
  /// phase is visited), jumping back and forth so the kept span is often
  /// left, plus one second either side of each offset change ICU reports.
  static func instants(in calendar: DayCalendar) -> [Date] {
    let start = -2_840_140_800.0  // 1880-01-01
    let end = 2_840_140_800.0  // 2060-01-01
    var instants: [Date] = []
    var second = start
    while second < end {
      instants.append(Date(timeIntervalSince1970: second))
      // A far instant every 50 steps, so the next one misses the kept span.
      if instants.count % 50 == 0 { instants.append(Date(timeIntervalSince1970: end - (second - start))) }
      second += 401 * 60
    }
    for year in stride(from: 1880, to: 2060, by: 1) {
      let from = calendar.date(year: year, month: 1, day: 1)
      let to = calendar.date(year: year + 1, month: 1, day: 1)
      for transition in calendar.utcOffsetTransitions(from: from, to: to) {
        let deltas: [TimeInterval] = [-3 * 3600 - 1, -3 * 3600, -1, 0, 1, 1800, 3599, 3600, 3 * 3600, 3 * 3600 + 1]
        for delta in deltas {
          instants.append(transition.instant.addingTimeInterval(delta))
        }
      }
    }
    return instants
  }

  @Test("day, UTC offset and repeated wall time equal ICU's", arguments: zones)
  func agreesWithICU(zone: String) throws {
    let calendar = try DayCalendar(timeZone: TimeZoneIdentifier(zone))
    let reference = try DayCalendar(timeZone: TimeZoneIdentifier(zone))
    var compared = 0
    for instant in Self.instants(in: reference) {
      let expected = reference.icuAnswers(at: instant)
      let got = (calendar.day(of: instant), calendar.utcOffset(at: instant), calendar.isRepeatedWallTime(instant))
      guard got.0 == expected.day, got.1 == expected.utcOffset, got.2 == expected.isRepeated else {
        Issue.record("\(zone) at \(ISO8601.utcString(instant)): kept span gave \(got), ICU \(expected)")
        return
      }
      compared += 1
    }
    #expect(compared > 200_000)
    #expect(calendar.firstFailure == nil)
  }

  @Test("a kept span is used: Toronto's 2026 fall-back night is still told apart")
  func fallBackNight() throws {
    let toronto = try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto"))
    // Prime the summer span, then ask about both 01:30s of 1 November 2026.
    _ = toronto.utcOffset(at: ICUOracle.instant("2026-07-01T12:00:00Z"))
    #expect(toronto.utcOffset(at: ICUOracle.instant("2026-11-01T05:30:00Z")) == -4 * 3600)
    #expect(toronto.utcOffset(at: ICUOracle.instant("2026-11-01T06:30:00Z")) == -5 * 3600)
    #expect(toronto.isRepeatedWallTime(ICUOracle.instant("2026-11-01T05:30:00Z")))
    #expect(toronto.isRepeatedWallTime(ICUOracle.instant("2026-11-01T06:30:00Z")))
    #expect(!toronto.isRepeatedWallTime(ICUOracle.instant("2026-11-01T07:30:00Z")))
    #expect(toronto.day(of: ICUOracle.instant("2026-11-01T04:30:00Z")).iso8601 == "2026-11-01")
    #expect(toronto.day(of: ICUOracle.instant("2026-11-01T03:59:59Z")).iso8601 == "2026-10-31")
  }

  @Test("a wall time near an offset change is asked of ICU once, however often it is asked")
  func repeatedAnswerKept() throws {
    let toronto = try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto"))
    let reference = try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto"))
    // Every 10 minutes from 3 hours before Toronto's 2026 fall-back to 3 hours after.
    let instants = (-18...18).map { ICUOracle.instant("2026-11-01T06:00:00Z").addingTimeInterval(Double($0) * 600) }
    var queries: [Int] = []
    for _ in 0..<2 {
      for instant in instants {
        #expect(toronto.isRepeatedWallTime(instant) == reference.icuAnswers(at: instant).isRepeated)
      }
      queries.append(toronto.repeatQueries)
    }
    // Within 3 hours of the change the kept span cannot answer (all but
    // the last instant, 3 hours after it): ICU is asked once per instant,
    // the second pass only reads the answers.
    #expect(queries == [36, 36])
  }
}
