import PosttimICU
import Testing

@Suite("Locale identifiers")
struct LocaleIdentifierTests {
  @Test(
    "ICU IDs and BCP 47 tags resolve to ICU form",
    arguments: [
      ("fr_CA", "fr_CA", "fr-CA"),
      ("fr-CA", "fr_CA", "fr-CA"),
      ("ja-JP-u-ca-japanese", "ja_JP@calendar=japanese", "ja-JP-u-ca-japanese"),
      ("ja_JP@calendar=japanese", "ja_JP@calendar=japanese", "ja-JP-u-ca-japanese"),
      ("en-US-u-hc-h23", "en_US@hours=h23", "en-US-u-hc-h23"),
      ("ar-EG-u-nu-latn", "ar_EG@numbers=latn", "ar-EG-u-nu-latn"),
      ("zh-Hans", "zh_Hans", "zh-Hans"),
      ("en_US_POSIX", "en_US_POSIX", "en-US-u-va-posix"),
    ])
  func resolves(input: String, icuID: String, tag: String) throws {
    let locale = try LocaleIdentifier(input)
    #expect(locale.icuID == icuID)
    #expect(locale.languageTag == tag)
    #expect(locale.input == input)
  }

  @Test(
    "refuses what ICU would silently accept",
    arguments: [
      ("xx_YY", "invalid locale \"xx_YY\": unknown language"),
      ("!!", "invalid locale \"!!\": use an ICU locale ID (fr_CA) or a BCP 47 tag (fr-CA)"),
      ("", "invalid locale \"\": use an ICU locale ID (fr_CA) or a BCP 47 tag (fr-CA)"),
      ("fr-CA-u-ca-foo", "invalid locale \"fr-CA-u-ca-foo\": unknown calendar \"foo\""),
      ("fr-CA-x", "invalid locale \"fr-CA-x\": not a well-formed locale identifier"),
    ])
  func refuses(input: String, message: String) {
    #expect(throws: DateEngineError.self) { try LocaleIdentifier(input) }
    do {
      _ = try LocaleIdentifier(input)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("right-to-left and data fallback")
  func directionAndFallback() throws {
    #expect(try LocaleIdentifier("ar_EG").isRightToLeft)
    #expect(try LocaleIdentifier("he_IL").isRightToLeft)
    #expect(try !LocaleIdentifier("fr_CA").isRightToLeft)
    #expect(try LocaleIdentifier("fr_XX").dataFallback == "fr")
    #expect(try LocaleIdentifier("fr_CA").dataFallback == nil)
    #expect(try LocaleIdentifier("fr_CA").displayName(in: LocaleIdentifier("fr_CA")) == "français (Canada)")
    #expect(try LocaleIdentifier("en_US").displayName(in: LocaleIdentifier("en")) == "English (United States)")
  }

  @Test("environment: LC_ALL, then LC_TIME, then LANG; C and POSIX")
  func environment() throws {
    #expect(try LocaleIdentifier.fromEnvironment(["LANG": "fr_CA.UTF-8"])?.icuID == "fr_CA")
    #expect(try LocaleIdentifier.fromEnvironment(["LANG": "fr_CA.UTF-8", "LC_TIME": "de_DE.UTF-8"])?.icuID == "de_DE")
    #expect(try LocaleIdentifier.fromEnvironment(["LC_ALL": "ja_JP", "LC_TIME": "de_DE"])?.icuID == "ja_JP")
    #expect(try LocaleIdentifier.fromEnvironment(["LC_ALL": "", "LANG": "es_MX.utf8@euro"])?.icuID == "es_MX")
    #expect(try LocaleIdentifier.fromEnvironment(["LANG": "C"]) == .posix)
    #expect(try LocaleIdentifier.fromEnvironment(["LC_ALL": "POSIX"]) == .posix)
    #expect(try LocaleIdentifier.fromEnvironment([:]) == nil)
  }
}

@Suite("Locale identity")
struct LocaleIdentityTests {
  @Test("fr-CA and fr_CA are one locale: equal, same hash, one cache entry")
  func canonicalIdentity() throws {
    let tag = try LocaleIdentifier("fr-CA")
    let id = try LocaleIdentifier("fr_CA")
    #expect(tag == id)
    #expect(Set([tag, id]).count == 1)
    #expect(tag.input == "fr-CA")  // what the user typed is still kept for messages
    #expect(try LocaleIdentifier("fr_FR") != id)
  }
}
