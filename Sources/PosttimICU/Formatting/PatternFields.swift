/// The date field letters of a UTS #35 pattern or skeleton (§4 "Date
/// Field Symbol Table"): ASCII letters outside `'…'` quotes. Punctuation,
/// spaces, other scripts and quoted text are literals.
enum PatternFields {
  /// Field letters that print a time zone or UTC offset (`z Z O v V X x`).
  static let zoneLetters: Set<Character> = ["z", "Z", "O", "v", "V", "X", "x"]

  /// The unquoted characters of `text` that are letters, in order, and
  /// whether a quote was left open.
  static func letters(in text: String) -> (letters: [Character], unterminatedQuote: Bool) {
    var inQuote = false
    var letters: [Character] = []
    for character in text {
      if character == "'" { inQuote.toggle(); continue }
      if !inQuote && character.isLetter { letters.append(character) }
    }
    return (letters, inQuote)
  }

  /// Whether `pattern` prints a time zone name or a UTC offset.
  static func showsZone(_ pattern: String) -> Bool {
    letters(in: pattern).letters.contains { zoneLetters.contains($0) }
  }
}
