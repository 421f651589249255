import FoundationEssentials

/// How two canonically equivalent names differ, for the message refusing
/// a folder that holds both: "one written NFC, one NFD" is said only when
/// it is true, since a user told so looks for that pair (`\u{212B}`, the
/// Ångström sign, and `A\u{30A}` are neither both: the sign is in no
/// normal form).
enum CanonicalPair {
  /// "one written NFC, one NFD", or "canonically equivalent: both
  /// normalize to NFC '…'" (the NFC form as `spelled` shows it).
  static func kind(_ first: String, _ second: String, spelled: (String) -> String) -> String {
    let composed = UnicodeNormalization.nfc(first)
    let decomposed = UnicodeNormalization.nfd(first)
    // Compared by scalars: `==` on Strings is canonical equivalence, true of any such pair.
    func same(_ one: String, _ other: String) -> Bool { one.unicodeScalars.elementsEqual(other.unicodeScalars) }
    if same(first, composed) && same(second, decomposed) || same(first, decomposed) && same(second, composed) {
      return "one written NFC, one NFD"
    }
    return "canonically equivalent: both normalize to NFC '\(spelled(composed))'"
  }
}
