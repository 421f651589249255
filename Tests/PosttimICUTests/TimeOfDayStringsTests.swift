import Foundation
import Testing

@testable import PosttimICU

/// `TimeOfDayStrings` answers from a table keyed by local time of day; it
/// must give exactly the formatter's own text, and only for patterns whose
/// text is a function of the time of day.
@Suite("Time-of-day strings")
struct TimeOfDayStringsTests {
  @Test(
    "which patterns print the time of day only",
    arguments: [
      ("HH:mm", true), ("h:mm a", true), ("H時mm分", true), ("HH 'h' mm", true), ("h:mm:ss.SSS B", true),
      ("a h:mm", true), ("d MMM, HH:mm", false), ("HH:mm z", false), ("HH:mm (OOOO)", false),
      ("EEEE HH:mm", false), ("'at' HH:mm", true), ("HH:mm 'unterminated", false), ("y", false),
      ("HH:mm d\u{301}", false), ("HH:mm \u{E9}", true),
    ])
  func timeOfDayOnly(pattern: String, expected: Bool) {
    #expect(PatternFields.printsTimeOfDayOnly(pattern) == expected)
  }

  @Test(
    "which patterns print the time of day and UTC offsets only",
    arguments: [
      ("HH:mm", true), ("HH:mm (OOOO)", true), ("h:mm a Z", true), ("HH:mm:ssXXX", true), ("HH:mm xxxxx", true),
      ("HH:mm z", false), ("HH:mm v", false), ("HH:mm VV", false), ("d MMM, HH:mm O", false),
      ("HH:mm 'O", false),
    ])
  func timeOfDayAndOffsetOnly(pattern: String, expected: Bool) {
    #expect(PatternFields.printsTimeOfDayAndOffsetOnly(pattern) == expected)
  }

  @Test(
    "kept strings equal the formatter's, across DST and odd offsets",
    arguments: [
      ("fr_CA", "America/Toronto", "jm"), ("ar_EG", "Africa/Cairo", "jms"), ("ja_JP", "Asia/Tokyo", "Hm"),
      ("en_US", "Australia/Lord_Howe", "hmsSSS"), ("ko_KR", "Asia/Kathmandu", "Bhm"),
      ("fa_IR", "Asia/Tehran", "jm"), ("en_GB", "Europe/Dublin", "jm"),
      // With the UTC offset (keyed by it too): DST, a 30-minute DST, +05:45 and LMT before 1920.
      ("fr_CA", "America/Toronto", "jmO"), ("en_AU", "Australia/Lord_Howe", "jmOOOO"),
      ("ne_NP", "Asia/Kathmandu", "Hmsxxx"),
    ])
  func equalsFormatter(locale: String, zone: String, skeleton: String) throws {
    let locale = try LocaleIdentifier(locale)
    let timeZone = try TimeZoneIdentifier(zone)
    let formatter = try DateFormatting.formatter(for: .skeleton(skeleton), locale: locale, timeZone: timeZone)
    let strings = try #require(TimeOfDayStrings(formatter))
    let calendar = try DayCalendar(timeZone: timeZone)
    // 20,000 instants over 1900–2040 with millisecond parts, then each again
    // shifted by whole days (so the second pass reads kept strings).
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var checked = 0
    var lent = 0
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let millis = Double(state >> 20 % 4_417_977_600_000) - 2_208_988_800_000
      for days in [0.0, 3, 400] {
        let date = Date(timeIntervalSince1970: (millis + days * 86_400_000) / 1000)
        let kept = strings.string(from: date, utcOffset: calendar.utcOffset(at: date))
        guard kept == formatter.string(from: date) else {
          Issue.record("\(ISO8601.utcString(date)): kept \(kept), formatter \(formatter.string(from: date))")
          return
        }
        // Lent in place while kept (nil once the table is full).
        if let lentKept = strings.utf8(from: date, utcOffset: calendar.utcOffset(at: date)) {
          let lentText = String(decoding: lentKept.bytes, as: UTF8.self)
          guard Array(lentKept.bytes) == Array(kept.utf8), lentKept.isOrdinary == OrdinaryText.isOrdinary(kept) else {
            Issue.record("\(ISO8601.utcString(date)): lent \(lentText) (\(lentKept.isOrdinary)), kept \(kept)")
            return
          }
          lent += 1
        }
        checked += 1
      }
    }
    #expect(checked == 60_000)
    #expect(lent >= TimeOfDayStrings.capacity / 2, "\(lent) of 60,000 lent in place")
  }

  @Test("a pattern with a date or a zone is not kept by time of day")
  func refusesDates() throws {
    let locale = try LocaleIdentifier("fr_CA")
    let zone = try TimeZoneIdentifier("America/Toronto")
    for skeleton in ["yMMMdjm", "jmz", "Ejm"] {
      let formatter = try DateFormatting.formatter(for: .skeleton(skeleton), locale: locale, timeZone: zone)
      #expect(TimeOfDayStrings(formatter) == nil, "\(skeleton) → \(formatter.pattern)")
    }
  }
}
