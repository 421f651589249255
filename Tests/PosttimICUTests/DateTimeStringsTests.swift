import Foundation
import Testing

@testable import PosttimICU

/// `DateTimeStrings` joins a date part kept by local day and a time part
/// kept by time of day; the join must be exactly the whole pattern's text.
@Suite("Date-and-time strings")
struct DateTimeStringsTests {
  typealias Split = PatternFields.DateTimeSplit

  @Test(
    "where a pattern cuts into a date part and a time part",
    arguments: [
      ("d MMM y, HH 'h' mm", Split(date: "d MMM y, ", time: "HH 'h' mm", timeFirst: false)),
      ("yyyy.MM.dd HH:mm", Split(date: "yyyy.MM.dd ", time: "HH:mm", timeFirst: false)),
      ("HH:mm 'le' d MMMM", Split(date: "d MMMM", time: "HH:mm 'le' ", timeFirst: true)),
      ("y年M月d日 H:mm", Split(date: "y年M月d日 ", time: "H:mm", timeFirst: false)),
      ("EEEE d 'h' MMM, h:mm a", Split(date: "EEEE d 'h' MMM, ", time: "h:mm a", timeFirst: false)),
      ("G y MMM d 'at' HH:mm:ss.SSS", Split(date: "G y MMM d 'at' ", time: "HH:mm:ss.SSS", timeFirst: false)),
      // A combining mark after a letter: ICU still reads the letter as a field.
      ("d MMM a\u{300} HH:mm", Split(date: "d MMM ", time: "a\u{300} HH:mm", timeFirst: false)),
      // A UTC offset goes with the time: its text is kept by time of day and offset.
      ("HH:mm (OOOO) d MMM", Split(date: "d MMM", time: "HH:mm (OOOO) ", timeFirst: true)),
      ("d MMM y, HH 'h' mm (OOOO)", Split(date: "d MMM y, ", time: "HH 'h' mm (OOOO)", timeFirst: false)),
      ("yyyy-MM-dd'T'HH:mm:ssXXX", Split(date: "yyyy-MM-dd'T'", time: "HH:mm:ssXXX", timeFirst: false)),
    ] as [(String, Split)])
  func cuts(pattern: String, expected: Split) {
    #expect(PatternFields.dateTimeSplit(pattern) == expected)
  }

  @Test(
    "patterns that do not cut",
    arguments: [
      "d MMM y, HH:mm z",  // a zone name: the text is not a function of the wall clock and offset
      "d MMM y, HH:mm v",
      "HH:mm VV d MMM",
      "ZZZZ d MMM HH:mm",  // an offset first, then the date, then the time: interleaved
      "d MMM HH:mm y",  // interleaved
      "HH:mm",  // one kind only
      "d MMM y",
      "d MMM HH:mm 'open",  // unterminated quote
      "y/M/d H'年'mm",  // 年 in the time part
      "HH:mm d\u{301} MMM HH",  // d with a combining mark is still a field: interleaved
    ])
  func doesNotCut(pattern: String) {
    #expect(PatternFields.dateTimeSplit(pattern) == nil)
  }

  static let locales =
    Array(Set(ICUOracle.shared.skeletonCases.map(\.locale))).sorted() + [
      "he_IL@calendar=hebrew", "zh_Hant_TW@calendar=roc", "ar_SA@calendar=islamic-umalqura",
      "am_ET@calendar=ethiopic", "my_MM", "km_KH", "ta_IN", "sr_Cyrl_RS",
      // Every other day-based calendar type, and the two that are not (never cut).
      "ar@calendar=islamic-civil", "ar@calendar=islamic-tbla", "zh@calendar=chinese", "ko@calendar=dangi",
      "hi_IN@calendar=indian", "en@calendar=coptic", "am_ET@calendar=ethiopic-amete-alem", "en@calendar=iso8601",
      "ar_SA@calendar=islamic", "ar_SA@calendar=islamic-rgsa",
    ]
  static let zones = [
    "America/Toronto", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia", "America/St_Johns",
    "Europe/Dublin", "Africa/Casablanca",
  ]

  @Test("joined parts equal the whole pattern's text, in every locale of the matrix", arguments: locales)
  func equalsFormatter(locale: String) throws {
    let id = try LocaleIdentifier(locale)
    var composed = 0
    for (index, spec) in [
      DateFormatSpec.skeleton("yMMMdjm"), .skeleton("yMMMMEEEEdjms"), .skeleton("yMdhmsSSS"),
      .skeleton("GyMMMdjm"), .pattern("yyyy.MM.dd HH:mm"), .pattern("HH:mm 'le' d MMMM y"),
      .pattern("d MMM a\u{300} HH:mm"), .pattern("HH:mm, d\u{301} MMM y"),
      // UTC offsets, as the details' exact time prints them (odd and sub-minute LMT offsets among the zones).
      .pattern("d MMM y, HH 'h' mm (OOOO)"), .pattern("yyyy-MM-dd'T'HH:mm:ss.SSSxxxxx"),
      .pattern("h:mm a Z, EEEE d MMMM y"),
    ].enumerated() {
      let zone = try TimeZoneIdentifier(Self.zones[(locale.utf8.count + index) % Self.zones.count])
      let formatter = try DateFormatting.formatter(for: spec, locale: id, timeZone: zone)
      guard let strings = DateTimeStrings(formatter) else { continue }
      composed += 1
      let calendar = try DayCalendar(timeZone: zone)
      // 400 instants over 1900–2040 with millisecond parts, each again a
      // few days and hours later: kept day texts and kept times are both reused.
      var state: UInt64 = 0x2545_F491_4F6C_DD1D
      var lentCount = 0
      for _ in 0..<400 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let millis = Double((state >> 20) % 4_417_977_600_000) - 2_208_988_800_000
        for shift: Double in [0, 259_200_000, 90_000_000] {
          let date = Date(timeIntervalSince1970: (millis + shift) / 1000)
          let joined = strings.string(from: date, utcOffset: calendar.utcOffset(at: date))
          let whole = formatter.string(from: date)
          guard joined == whole else {
            Issue.record("\(formatter.pattern) at \(ISO8601.utcString(date)) in \(zone.id): \(joined) ≠ \(whole)")
            return
          }
          // Lent as bytes from the kept parts once they are open (after the first values).
          var lent: String?
          var lentOrdinary = false
          let wasLent = strings.withUTF8(from: date, utcOffset: calendar.utcOffset(at: date)) {
            lent = String(decoding: $0, as: UTF8.self)
            lentOrdinary = $1
          }
          lentCount += wasLent ? 1 : 0
          guard !wasLent || lent == whole else {
            Issue.record("\(formatter.pattern) at \(ISO8601.utcString(date)) in \(zone.id): lent \(lent!) ≠ \(whole)")
            return
          }
          #expect(!wasLent || lentOrdinary == OrdinaryText.isOrdinary(whole), "\(whole)")
        }
      }
      #expect(lentCount >= 1_100, "\(formatter.pattern): \(lentCount) of 1,200 values lent as bytes")
      #expect(strings.firstFailure == nil)
    }
    if locale.hasSuffix("@calendar=islamic") || locale.hasSuffix("@calendar=islamic-rgsa") {
      #expect(composed == 0, "\(locale): an astronomical calendar was cut")
    } else {
      // Every other locale's yMMMdjm, yyyy.MM.dd HH:mm, "HH:mm 'le' d MMMM y" and the two with marks cut.
      #expect(composed >= 5, "\(locale): only \(composed) of 8 formats cut in two")
    }
  }

  @Test("ICU's astronomical islamic calendars change the date within a local day: never cut")
  func astronomicalIslamic() throws {
    let zone = try TimeZoneIdentifier("Asia/Riyadh")
    for type in ["islamic", "islamic-rgsa"] {
      let formatter = try DateFormatting.formatter(
        for: .skeleton("yMMMdjm"), locale: LocaleIdentifier("ar_SA@calendar=\(type)"), timeZone: zone)
      // ICU 72 computes islamic-rgsa (Saudi sighting) as its astronomical islamic.
      #expect(formatter.calendarType == "islamic", "\(type)")
      #expect(DateTimeStrings(formatter) == nil)
    }
    // Why: 00:30 and 23:30 of 31 December 2024 in Riyadh are two dates in
    // ICU's islamic calendar: a table keyed by Gregorian day would show the first for both.
    let date = try DateFormatting.formatter(
      for: .pattern("d MMMM y"), locale: LocaleIdentifier("en@calendar=islamic"), timeZone: zone)
    #expect(date.string(from: Date(timeIntervalSince1970: 1_735_594_200)) == "30 Jumada II 1446")
    #expect(date.string(from: Date(timeIntervalSince1970: 1_735_677_000)) == "1 Rajab 1446")
  }

  @Test("a formatter that capitalizes is not cut: ICU capitalizes the first field only")
  func capitalizingFormatter() throws {
    let formatter = try DateFormatting.formatter(
      for: .skeleton("yMMMMEEEEdjm"), locale: LocaleIdentifier("fr_CA"), timeZone: TimeZoneIdentifier("UTC"),
      capitalization: .beginningOfSentence)
    #expect(DateTimeStrings(formatter) == nil)
  }
}
