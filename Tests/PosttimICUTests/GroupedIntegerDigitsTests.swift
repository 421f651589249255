import Testing

@testable import PosttimICU

/// Whole numbers written from a model of ICU's decimal format (digits,
/// separator, grouping threshold) must be ICU's own text, or the model
/// must refuse the format.
@Suite("Whole numbers written without ICU")
struct GroupedIntegerDigitsTests {
  static let locales = [
    "fr_CA", "en_US", "de_DE", "ar_EG", "fa_IR", "hi_IN", "en_IN", "ja_JP", "zh_CN", "he_IL", "ru_RU", "pt_BR",
    "es_ES", "pl_PL", "de_CH", "bn_BD", "mr_IN", "my_MM", "th_TH@numbers=thai", "ar_SA", "it_IT", "nb_NO",
  ]

  @Test("each number is ICU's text, where a model is made", arguments: locales)
  func writtenNumbersAreICUs(locale: String) throws {
    let formatter = try ICUNumberFormatter(locale: LocaleIdentifier(locale))
    guard let model = GroupedIntegerDigits(formatter) else { return }
    // Every number to 2,100, then spread over the range (a fixed sequence).
    var numbers = Array(0...2_100) + [9_999_999_999, 1_000_000_000, 99_999]
    numbers += (1...3_000).map { $0 * 2_654_435_761 % 10_000_000_000 }
    numbers += (1...1_000).map { $0 * 40_503 % 100_000 }
    for number in numbers {
      var written: String?
      #expect(model.withUTF8(number) { written = String(decoding: $0, as: UTF8.self) })
      #expect(written == formatter.string(Double(number)), "\(number) in \(locale)")
    }
    #expect(!model.withUTF8(-1) { _ in Issue.record("-1 written") })
    #expect(!model.withUTF8(10_000_000_000) { _ in Issue.record("10^10 written") })
  }

  @Test("a model is made for fr_CA, es_ES (grouped from five digits), en_US and hi_IN (groups of two)")
  func modelsMade() throws {
    for locale in ["fr_CA", "es_ES", "en_US", "hi_IN", "en_IN"] {
      let formatter = try ICUNumberFormatter(locale: LocaleIdentifier(locale))
      #expect(GroupedIntegerDigits(formatter) != nil, "\(locale)")
    }
  }

  @Test("hi_IN groups by two after the last three digits, as ICU does")
  func indianGrouping() throws {
    let model = try #require(GroupedIntegerDigits(ICUNumberFormatter(locale: LocaleIdentifier("hi_IN"))))
    var written: [String] = []
    for number in [999, 1_000, 99_999, 100_000, 1_234_567, 9_876_543_210] {
      _ = model.withUTF8(number) { written.append(String(decoding: $0, as: UTF8.self)) }
    }
    #expect(written == ["999", "1,000", "99,999", "1,00,000", "12,34,567", "9,87,65,43,210"])
  }
}
