import Testing

@testable import PosttimICU

/// Ranges of days written by ICU 72's date-interval formatter, each string
/// checked against ICU's C++ API through PyICU
/// (`DateIntervalFormat.createInstance(skeleton, Locale(id)).format(DateInterval(a, b))`
/// for ranges, `DateTimePatternGenerator` + `SimpleDateFormat` for a single day).
@Suite("Date intervals")
struct DateIntervalFormatterTests {
  static let first = LocalDay(year: 2026, month: 12, day: 1)
  static let third = LocalDay(year: 2026, month: 12, day: 3)
  static let nextYear = LocalDay(year: 2027, month: 1, day: 2)

  static func format(_ locale: String, _ skeleton: String, _ from: LocalDay, _ to: LocalDay) throws -> String {
    try DateIntervalFormatter(skeleton: skeleton, locale: LocaleIdentifier(locale), capitalization: .middleOfSentence)
      .string(from: from, to: to)
  }

  @Test(
    "a range within a month, across months and years, and one day",
    arguments: [
      (
        "fr_CA", "yMMMMd",
        ["1–3 décembre 2026", "3 décembre 2026\u{2009}–\u{2009}2 janvier 2027", "1 décembre 2026"]
      ),
      (
        "fr_CA", "yMMMMEEEEd",
        [
          "mardi 1\u{2009}–\u{2009}jeudi 3 décembre 2026",
          "jeudi 3 décembre 2026\u{2009}–\u{2009}samedi 2 janvier 2027",
          "mardi 1 décembre 2026",
        ]
      ),
      (
        "ar_EG", "yMMMMd",
        ["١–٣ ديسمبر، ٢٠٢٦", "٣ ديسمبر، ٢٠٢٦ – ٢ يناير، ٢٠٢٧", "١ ديسمبر ٢٠٢٦"]
      ),
      // fa_IR's calendar is the Persian one: 1 December 2026 is 10 Azar 1405.
      (
        "fa_IR", "yMMMMd",
        ["۱۰ تا ۱۲ آذر ۱۴۰۵", "۱۲ آذر تا ۱۲ دی ۱۴۰۵", "۱۰ آذر ۱۴۰۵"]
      ),
      (
        "ja_JP", "yMMMMd",
        ["2026年12月1日～3日", "2026年12月3日～2027年1月2日", "2026年12月1日"]
      ),
      (
        "ja_JP", "yMMMMEEEEd",
        ["2026年12月1日(火曜日)～3日(木曜日)", "2026年12月3日(木曜日)～2027年1月2日(土曜日)", "2026年12月1日火曜日"]
      ),
      (
        "ja_JP@calendar=japanese", "yMMMMd",
        ["令和8年12月1日～3日", "令和8年12月3日～9年1月2日", "令和8年12月1日"]
      ),
    ])
  func ranges(locale: String, skeleton: String, expected: [String]) throws {
    let texts = try [(Self.first, Self.third), (Self.third, Self.nextYear), (Self.first, Self.first)].map {
      try Self.format(locale, skeleton, $0.0, $0.1)
    }
    #expect(texts == expected, "\(texts.map(visible))")
  }

  @Test("the ends may come in either order; a single day is the date formatter's text")
  func orderAndSingleDay() throws {
    #expect(try Self.format("fr_CA", "yMMMMd", Self.third, Self.first) == "1–3 décembre 2026")
    let single = try DateFormatting.formatter(
      for: .skeleton("yMMMMEEEEd"), locale: LocaleIdentifier("fa_IR"), timeZone: .utc,
      capitalization: .middleOfSentence)
    #expect(
      try Self.format("fa_IR", "yMMMMEEEEd", Self.first, Self.first)
        == single.string(from: DayCalendar(timeZone: .utc).start(of: Self.first).addingTimeInterval(43_200)))
  }

  @Test("capitalization follows the context: a heading capitalizes, the middle of a sentence does not")
  func capitalization() throws {
    let heading = try DateIntervalFormatter(
      skeleton: "yMMMMEEEEd", locale: LocaleIdentifier("fr_CA"), capitalization: .beginningOfSentence)
    #expect(heading.string(from: Self.first, to: Self.third) == "Mardi 1\u{2009}–\u{2009}jeudi 3 décembre 2026")
    #expect(heading.string(from: Self.first, to: Self.first) == "Mardi 1 décembre 2026")
    #expect(heading.firstFailure == nil)
  }

  @Test(
    "a skeleton for days takes date fields only",
    arguments: [
      ("yMMMMdjm", "invalid skeleton \"yMMMMdjm\": \"j\" is a time field; a range of days takes date fields only"),
      ("yMMMdz", "invalid skeleton \"yMMMdz\": \"z\" is a time field; a range of days takes date fields only"),
      ("", "invalid skeleton \"\": empty"),
      (
        "yMMMMdé",
        "invalid skeleton \"yMMMMdé\": \"é\" is not a UTS #35 date field letter (a pattern prints text verbatim)"
      ),
    ])
  func skeletons(skeleton: String, message: String) {
    #expect(throws: DateEngineError.self) { try DateIntervalFormatter.validate(skeleton: skeleton) }
    do {
      try DateIntervalFormatter.validate(skeleton: skeleton)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("date skeletons pass", arguments: ["yMMMMd", "yMMMMEEEEd", "yMd", "GyMMMd", "MMMEd"])
  func dateSkeletons(skeleton: String) throws {
    try DateIntervalFormatter.validate(skeleton: skeleton)
  }
}
