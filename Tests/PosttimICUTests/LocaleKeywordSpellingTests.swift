import PosttimICU
import Testing

/// Unicode extension keywords checked as the user wrote them: a region
/// override names a region ICU knows, a keyword with no value is named as
/// such (ICU reads it as "yes"), and a key given twice is refused (BCP 47
/// §2.2.6: a key appears once), never a silent first-value-wins.
@Suite("Locale keywords as written")
struct LocaleKeywordSpellingTests {
  @Test(
    "refused, naming the keyword and what was written",
    arguments: [
      ("en-u-rg-xxzzzz", "unknown region override \"xxzzzz\": \"xx\" is no region (a region and zzzz: uszzzz)"),
      ("en-u-rg-aazzzz", "unknown region override \"aazzzz\": \"aa\" is no region (a region and zzzz: uszzzz)"),
      ("en-u-rg-zzzzzz", "unknown region override \"zzzzzz\": \"zz\" is no region (a region and zzzz: uszzzz)"),
      ("en@rg=qqzzzz", "unknown region override \"qqzzzz\": \"qq\" is no region (a region and zzzz: uszzzz)"),
      ("en-u-fw", "first day of the week \"-u-fw\" has no value (sun, mon, … sat)"),
      ("en-u-fw-u-ca-hebrew", "not a well-formed locale identifier"),
      ("en-u-ca", "calendar \"-u-ca\" has no value"),
      ("en-u-rg-hc-h23", "region override \"-u-rg\" has no value (a region and zzzz: uszzzz)"),
      ("en-u-ca-gregory-ca-hebrew", "keyword \"ca\" given twice (a key may appear once)"),
      ("en-u-fw-mon-hc-h23-FW-sun", "keyword \"fw\" given twice (a key may appear once)"),
      ("en@calendar=gregorian;calendar=hebrew", "keyword \"calendar\" given twice (a key may appear once)"),
      (
        "en_US@calendar=japan/ese",
        "\"/\" in the value of keyword \"calendar\" (a value has letters, digits, \"-\" and \"_\"; \"/\" and \"+\" only "
          + "in a timezone, as in timezone=Asia/Tokyo)"
      ),
      (
        "en_US@timezone=../../x",
        "\".\" in the value of keyword \"timezone\" (a timezone value is a zone ID: letters, digits, \"-\", \"_\", \"/\" "
          + "and \"+\")"
      ),
      ("en_US@time.zone=UTC", "\".\" in the keyword name \"time.zone\" (a keyword is written name=value)"),
      (
        "en_US@timezone=Foo/Bar",
        "unknown time zone \"Foo/Bar\" in keyword \"timezone\" (ICU has no BCP 47 code for it, and would drop it "
          + "from the tag: write a zone ICU knows, as timezone=Asia/Tokyo, or its code, as -u-tz-jptyo)"
      ),
    ])
  func refused(text: String, reason: String) {
    #expect(throws: DateEngineError.invalidLocale(text, reason: reason)) { try LocaleIdentifier(text) }
  }

  @Test(
    "kept: known regions, a collation key whose bare form means true, other extensions",
    arguments: [
      "en-u-rg-gbzzzz", "en-US-u-rg-GBZZZZ", "en@rg=dezzzz", "de-u-kn", "en-u-ca-gregory-t-ja", "en-u-attr-ca-roc",
    ])
  func kept(text: String) throws {
    _ = try LocaleIdentifier(text)
  }

  @Test(
    "an ICU timezone keyword, whose zone ID has \"/\" or \"+\", is the locale its BCP 47 twin names",
    arguments: [
      ("en_US@timezone=Asia/Tokyo", "en-US-u-tz-jptyo"), ("en_US@timezone=Etc/GMT+5", "en-US-u-tz-utcw05"),
      ("fr_CA@calendar=japanese;timezone=America/Toronto", "fr-CA-u-ca-japanese-tz-cator"),
    ])
  func timezoneKeyword(icu: String, tag: String) throws {
    let locale = try LocaleIdentifier(icu)
    #expect(locale.languageTag == tag)
    #expect(locale == (try LocaleIdentifier(tag)))
  }
}
