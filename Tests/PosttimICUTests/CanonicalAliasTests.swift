import Foundation
import Testing

@testable import PosttimICU

/// `canonicalAlias` answers plain IDs without ICU's alias table; these
/// tests hold it to `Locale::createCanonical` on every ID it could meet.
@Suite("Locale alias replacement: the plain-ID path agrees with ICU")
struct CanonicalAliasTests {
  /// Codes CLDR's alias data replaces (languages, scripts, regions), next to
  /// current ones, so that each lookup the plain path makes is exercised.
  static let languages = [
    "iw", "in", "ji", "jw", "mo", "sh", "tl", "no", "nb", "cmn", "yue", "fra", "deu", "aju", "sgn",
    "und", "art", "zh", "sr", "he", "fil", "fr", "en", "ar", "ko", "hy", "swc", "tw", "ak", "prs", "bh",
  ]
  static let scripts = ["", "Latn", "Hant", "Hans", "Cyrl", "Qaai", "Qaac", "Zinh"]
  static let regions = [
    "", "CA", "BR", "DD", "SU", "YU", "BU", "TP", "ZR", "CS", "AN", "UK", "062", "172", "830", "419", "001",
  ]

  @Test("every ICU locale and every combination of aliased and current subtags")
  func agreesWithICU() throws {
    var ids = Set(Foundation.Locale.availableIdentifiers)
    for language in Self.languages {
      for script in Self.scripts {
        for region in Self.regions {
          ids.insert([language, script, region].filter { !$0.isEmpty }.joined(separator: "_"))
        }
      }
    }
    ids.formUnion(["FR_ca", "fr-CA", "zh_guoyu", "en_US_POSIX", "de_DE@collation=phonebook", "sgn_BR", "x", "fr_CA_CA"])
    // The same as BCP 47 tags: uloc_forLanguageTag does not canonicalize
    // (jaw-ID stays jaw_ID, which ICU canonicalizes to jv_ID).
    ids.formUnion(ids.map { $0.replacingOccurrences(of: "_", with: "-") })
    ids.formUnion(["jaw-ID", "jaw", "jaw-Latn-ID", "fra-CA", "deu-DE", "und-CA", "und"])
    var checked = 0
    for id in ids.sorted() {
      guard let locale = try? LocaleIdentifier(id) else { continue }
      #expect(locale.canonicalAlias == locale.canonicalAliasThroughICU, "\(id)")
      checked += 1
    }
    #expect(checked > 8000)
  }

  @Test(
    "replacements still happen",
    arguments: [
      ("iw_IL", "he_IL"), ("in", "id"), ("mo", "ro"), ("sh", "sr_Latn"),
      ("de_DD", "de_DE"), ("fr_CA", "fr_CA"), ("zh_Hant_TW", "zh_Hant_TW"), ("jaw-ID", "jv_ID"), ("fra-CA", "fr_CA"),
    ])
  func replacements(_ id: String, _ expected: String) throws {
    #expect(try LocaleIdentifier(id).canonicalAlias == expected)
  }
}
