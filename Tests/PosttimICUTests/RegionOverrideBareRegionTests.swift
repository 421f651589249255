import PosttimICU
import Testing

/// `-u-rg-eg` gives a region without `zzzz`: BCP 47 reads a two-letter
/// subtag after a key as the next key, so the override has no value. The
/// message says what was read and how the override is written, as the
/// region the user meant; a bare key before a subtag that is no region
/// keeps the plain message.
@Suite("Region override given a bare region")
struct RegionOverrideBareRegionTests {
  @Test(
    "a region after -u-rg is named as the key it was read as",
    arguments: [
      (
        "en-US-u-rg-eg",
        "region override \"-u-rg\" has no value: \"eg\" was read as the next key; "
          + "a region override is a region and zzzz, as in -u-rg-egzzzz"
      ),
      (
        "fr-u-rg-CA-ca-gregory",
        "region override \"-u-rg\" has no value: \"ca\" was read as the next key; "
          + "a region override is a region and zzzz, as in -u-rg-cazzzz"
      ),
      ("en-u-rg-hc-h23", "region override \"-u-rg\" has no value (a region and zzzz: uszzzz)"),
      ("en-US-u-rg", "region override \"-u-rg\" has no value (a region and zzzz: uszzzz)"),
    ])
  func refused(text: String, reason: String) {
    #expect(throws: DateEngineError.invalidLocale(text, reason: reason)) { try LocaleIdentifier(text) }
  }
}
