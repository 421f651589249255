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

  /// Field letters whose text depends on the wall time of day alone
  /// (`a b B h H k K m s S A`): hours, minutes, seconds, fractions, day periods.
  static let timeOfDayLetters: Set<Character> = ["a", "b", "B", "h", "H", "k", "K", "m", "s", "S", "A"]

  /// Whether `pattern` prints nothing but the wall time of day, so two
  /// instants with the same local time of day format to the same text.
  /// Only ASCII letters are fields (UTS #35 §4); other scripts are literals.
  static func printsTimeOfDayOnly(_ pattern: String) -> Bool {
    let (letters, unterminatedQuote) = letters(in: pattern)
    return !unterminatedQuote && letters.allSatisfy { !$0.isASCII || timeOfDayLetters.contains($0) }
  }
}
