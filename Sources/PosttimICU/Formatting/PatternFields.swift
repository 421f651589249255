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

  /// A pattern cut in two: one part prints the date only, the other the
  /// wall time of day only (see ``dateTimeSplit(_:)``).
  struct DateTimeSplit: Equatable {
    /// The part that prints the date (fields other than time of day and zone) and its literals.
    var date: String
    /// The part that prints the time of day (``timeOfDayLetters``) and its literals.
    var time: String
    /// Whether the time part comes first ("HH:mm, d MMM").
    var timeFirst: Bool
  }

  /// `pattern` cut where its date fields end and its time-of-day fields
  /// begin (or the other way round), so that its text is the two parts'
  /// texts joined; nil when the fields interleave, when either kind is
  /// missing, when it prints a zone or leaves a quote open.
  ///
  /// Literals between the two runs go with the first part. A `年` goes with
  /// the date: ICU prints the Japanese first year as 元 only when the
  /// pattern has one (`SimpleDateFormat::fHasHanYearChar`).
  static func dateTimeSplit(_ pattern: String) -> DateTimeSplit? {
    var inQuote = false
    var firstIsTime: Bool?
    var cut: String.Index?
    for index in pattern.indices {
      let character = pattern[index]
      if character == "'" { inQuote.toggle(); continue }
      guard !inQuote, character.isASCII, character.isLetter else { continue }
      if zoneLetters.contains(character) { return nil }
      let isTime = timeOfDayLetters.contains(character)
      guard let first = firstIsTime else {
        firstIsTime = isTime
        continue
      }
      if cut == nil {
        if isTime != first { cut = index }
      } else if isTime == first {
        return nil
      }
    }
    guard !inQuote, let timeFirst = firstIsTime, let cut else { return nil }
    let (head, tail) = (String(pattern[..<cut]), String(pattern[cut...]))
    let split =
      timeFirst
      ? DateTimeSplit(date: tail, time: head, timeFirst: true) : DateTimeSplit(date: head, time: tail, timeFirst: false)
    return split.time.contains("年") ? nil : split
  }
}
