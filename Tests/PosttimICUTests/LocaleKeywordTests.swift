import PosttimICU
import Testing

/// Keyword values ICU does not know are usage errors naming the keyword,
/// never an ICU failure later (`-u-nu-bogus` made udatpg_open fail) nor a
/// silent fallback; deprecated language codes name the same locale as
/// their replacements.
@Suite("Locale keywords and canonical locales")
struct LocaleKeywordTests {
  @Test(
    "values ICU does not know are refused, naming the keyword",
    arguments: [
      ("en-u-nu-bogus", "unknown numbering system \"bogus\""),
      ("en@numbers=bogus", "unknown numbering system \"bogus\""),
      ("en-u-co-bogus", "unknown collation \"bogus\""),
      ("en-u-ks-bogus", "unsupported collation setting \"ks-bogus\" (ICU: U_ILLEGAL_ARGUMENT_ERROR)"),
      ("en-u-ka-bogus", "unsupported collation setting \"ka-bogus\" (ICU: U_ILLEGAL_ARGUMENT_ERROR)"),
      ("en-u-kn-bogus", "unsupported collation setting \"kn-bogus\" (ICU: U_ILLEGAL_ARGUMENT_ERROR)"),
      ("en-u-kk-bogus", "unsupported collation setting \"kk-bogus\" (ICU: U_ILLEGAL_ARGUMENT_ERROR)"),
      // A value longer than a small string: ICU hands back its own pointer
      // to it, which must be read while the value lives (a crash before).
      (
        "en-u-ka-abcdefgh-abcdefgh-abcdefgh",
        "unsupported collation setting \"ka-abcdefgh-abcdefgh-abcdefgh\" (ICU: U_ILLEGAL_ARGUMENT_ERROR)"
      ),
      // Valid UTS #35, but ICU 72 does not implement it.
      ("en-u-kh-true", "unsupported collation setting \"kh-true\" (ICU: U_UNSUPPORTED_ERROR)"),
      ("en-u-fw-xyz", "unknown first day of the week \"xyz\" (sun, mon, … sat)"),
      ("en-u-rg-gbxxxx", "unknown region override \"gbxxxx\" (a region and zzzz: uszzzz)"),
      ("en-u-ca-bogus", "unknown calendar \"bogus\""),
      ("en-u-hc-h99", "unknown hour cycle \"h99\""),
    ])
  func refused(text: String, reason: String) {
    #expect(throws: DateEngineError.invalidLocale(text, reason: reason)) { try LocaleIdentifier(text) }
  }

  @Test(
    "values ICU knows are kept",
    arguments: [
      "ar-EG-u-nu-latn", "en-u-nu-arab", "fr-u-nu-native", "zh-u-nu-hanidec", "de-u-co-phonebk", "en-u-ks-level2",
      "en-u-kn-true", "en-u-kr-latn-digit", "en-u-fw-mon", "en-GB-u-rg-uszzzz", "en-US-u-hc-h23",
      "ja-JP-u-ca-japanese", "en-u-cu-eur",
    ])
  func kept(text: String) throws {
    #expect(try LocaleIdentifier(text).languageTag.hasPrefix(text.prefix(2)))
  }

  @Test(
    "deprecated codes name the locale that replaces them (ICU 72's aliases)",
    arguments: [
      ("iw_IL", "he_IL"), ("iw-IL", "he_IL"), ("in", "id"), ("ji", "yi"), ("mo", "ro"), ("tl", "fil"),
      ("tl_PH", "fil-PH"), ("sh", "sr_Latn"), ("en_UK", "en_GB"), ("jw", "jv"),
      ("iw_IL@calendar=hebrew", "he-IL-u-ca-hebrew"),
      ("fr-CA", "fr_CA"),
    ])
  func sameLocale(old: String, new: String) throws {
    #expect(try LocaleIdentifier(old).namesSameLocale(as: LocaleIdentifier(new)))
    #expect(try LocaleIdentifier(new).namesSameLocale(as: LocaleIdentifier(old)))
  }

  @Test(
    "distinct locales stay distinct (ICU 72 does not alias no to nb)",
    arguments: [("no", "nb"), ("fr", "fr_CA"), ("sr", "sr_Latn"), ("he_IL", "he_IL@calendar=hebrew")])
  func distinct(a: String, b: String) throws {
    #expect(try !LocaleIdentifier(a).namesSameLocale(as: LocaleIdentifier(b)))
  }
}
