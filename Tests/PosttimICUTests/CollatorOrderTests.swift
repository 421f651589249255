import Testing

@testable import PosttimICU

/// `ICUCollator.precedes` (ucol_strcollUTF8) must order as the sort keys do:
/// the agenda uses one for small groups of tied tasks, the other for large.
@Suite("Collation: direct comparison and sort keys agree")
struct CollatorOrderTests {
  static let titles = [
    "", "a", "A", "á", "à", "ä", "ae", "æ", "Æ", "b", "Zèbre", "éclair", "Ecole", "école", "côte", "coté", "côté",
    "cote", "Straße", "Strasse", "ß", "ǅ", "ﬁ", "fi", "日本", "にほん", "ニホン", "العربية", "עברית", "😀", "😀a", "1", "١",
    "10", "9", "a\u{301}", "\u{301}", "Réviser <chapitre 11>", "Remettre le TP #3", "ŉ", " a", "a ", "-a", "a-",
  ]

  @Test(
    "every pair of titles, in locales with different tailorings",
    arguments: ["fr_CA", "de_DE@collation=phonebook", "sv_SE", "ja_JP", "ar_EG", "he_IL", "en_US", "da_DK"])
  func agree(locale: String) throws {
    let collator = try ICUCollator(locale: LocaleIdentifier(locale))
    let keys = Self.titles.map(collator.sortKey)
    for (i, a) in Self.titles.enumerated() {
      for (j, b) in Self.titles.enumerated() {
        #expect(collator.precedes(a, b) == keys[i].lexicographicallyPrecedes(keys[j]), "\(locale): \(a) < \(b)")
      }
    }
    #expect(collator.firstFailure == nil)
  }

  @Test(
    "a copy orders every pair as the collator it copies, tailoring included",
    arguments: ["fr_CA", "de_DE@collation=phonebook", "sv_SE"])
  func copyAgrees(locale: String) throws {
    let collator = try ICUCollator(locale: LocaleIdentifier(locale))
    let copy = try collator.copy()
    for a in Self.titles {
      #expect(copy.sortKey(a) == collator.sortKey(a), "\(locale): \(a)")
      for b in Self.titles { #expect(copy.precedes(a, b) == collator.precedes(a, b), "\(locale): \(a) < \(b)") }
    }
    // Phonebook German sorts "ä" as "ae", after "ad"; standard German as "a", before it.
    if locale.hasSuffix("phonebook") { #expect(copy.precedes("ad", "ä")) }
    #expect(copy.firstFailure == nil && collator.firstFailure == nil)
  }
}
