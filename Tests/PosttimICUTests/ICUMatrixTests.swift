import Foundation
import PosttimICU
import Testing

/// The date engine against ICU 72's own answers: 37 locales (calendars,
/// RTL scripts, non-Latin digits, hour-cycle keywords) × 13 skeletons ×
/// 7 zones, plus patterns, day boundaries, relative days and week starts.
@Suite("ICU oracle matrix", .enabled(if: ICUOracle.matchesRuntime, "golden values are ICU 72's"))
struct ICUMatrixTests {
  static let locales = Array(Set(ICUOracle.shared.skeletonCases.map(\.locale))).sorted()
  static let zones = Array(Set(ICUOracle.shared.dayCases.map(\.timeZone))).sorted()

  @Test("matrix covers the required breadth")
  func breadth() {
    #expect(Self.locales.count >= 30)
    #expect(Set(ICUOracle.shared.skeletonCases.map(\.skeleton)).count >= 10)
    #expect(
      Set(Self.zones).isSuperset(of: [
        "America/Toronto", "America/Sao_Paulo", "Pacific/Apia", "America/St_Johns",
        "Asia/Kathmandu", "Australia/Lord_Howe",
      ]))
  }

  @Test("skeleton → best pattern → formatted text", arguments: locales)
  func skeletons(locale: String) throws {
    let id = try LocaleIdentifier(locale)
    for item in ICUOracle.shared.skeletonCases where item.locale == locale {
      let zone = try TimeZoneIdentifier(item.timeZone)
      let pattern = try DateFormatting.pattern(for: .skeleton(item.skeleton), locale: id)
      #expect(pattern == item.pattern, "\(locale) \(item.skeleton)")
      let formatter = try DateFormatting.formatter(for: .skeleton(item.skeleton), locale: id, timeZone: zone)
      let text = formatter.string(from: ICUOracle.instant(item.instant))
      #expect(
        text == item.formatted,
        "\(locale) \(item.skeleton) \(item.timeZone) \(item.instant): \(visible(text)) ≠ \(visible(item.formatted))")
    }
  }

  @Test("skeletons with punctuation and spaces: accepted, literals ignored as ICU does", arguments: locales)
  func punctuatedSkeletons(locale: String) throws {
    let id = try LocaleIdentifier(locale)
    let cases = ICUOracle.shared.punctuatedSkeletonCases.filter { $0.locale == locale }
    #expect(cases.count >= 6 * 3)
    for item in cases {
      let spec = DateFormatSpec.skeleton(item.skeleton)
      #expect(try spec.validate() == [], "\(item.skeleton)")
      #expect(try DateFormatting.pattern(for: spec, locale: id) == item.pattern, "\(locale) \(item.skeleton)")
      let formatter = try DateFormatting.formatter(for: spec, locale: id, timeZone: TimeZoneIdentifier(item.timeZone))
      let text = formatter.string(from: ICUOracle.instant(item.instant))
      #expect(
        text == item.formatted,
        "\(locale) \(item.skeleton) \(item.timeZone) (\(ICUOracle.shared.punctuatedZoneData)): \(visible(text)) ≠ \(visible(item.formatted))"
      )
    }
  }

  @Test("verbatim patterns", arguments: locales)
  func patterns(locale: String) throws {
    let id = try LocaleIdentifier(locale)
    for item in ICUOracle.shared.patternCases where item.locale == locale {
      let zone = try TimeZoneIdentifier(item.timeZone)
      let formatter = try DateFormatting.formatter(for: .pattern(item.pattern), locale: id, timeZone: zone)
      let text = formatter.string(from: ICUOracle.instant(item.instant))
      #expect(
        text == item.formatted,
        "\(locale) \(item.pattern) \(item.timeZone): \(visible(text)) ≠ \(visible(item.formatted))")
    }
  }

  @Test("local day, start of day, UTC offset, repeated wall time", arguments: zones)
  func days(zone: String) throws {
    let calendar = try DayCalendar(timeZone: TimeZoneIdentifier(zone))
    for item in ICUOracle.shared.dayCases where item.timeZone == zone {
      let instant = ICUOracle.instant(item.instant)
      let day = calendar.day(of: instant)
      #expect(day.iso8601 == item.localDate, "\(zone) \(item.instant)")
      #expect(ISO8601.utcString(calendar.start(of: day)) == item.startOfDay, "\(zone) \(item.instant)")
      #expect(ISO8601.utcString(instant.startOfDay(in: calendar)) == item.startOfDay)
      #expect(calendar.utcOffset(at: instant) == item.utcOffsetSeconds, "\(zone) \(item.instant)")
      #expect(calendar.isRepeatedWallTime(instant) == item.repeatedWallTime, "\(zone) \(item.instant)")
    }
  }

  @Test("relative day names and first weekday", arguments: locales)
  func relativeAndWeek(locale: String) throws {
    let id = try LocaleIdentifier(locale)
    let names = try RelativeDayNames(locale: id)
    for item in ICUOracle.shared.relativeDays where item.locale == locale {
      #expect(names.name(forDayOffset: item.offset) == item.text, "\(locale) \(item.offset)")
    }
    let calendar = try DayCalendar(timeZone: .utc, locale: id)
    for item in ICUOracle.shared.firstWeekdays where item.locale == locale {
      #expect(calendar.firstWeekday == item.firstWeekday, "\(locale)")
    }
  }
}
