/// The date field letters of a UTS #35 pattern or skeleton (§4 "Date
/// Field Symbol Table"): ASCII letters outside `'…'` quotes. Punctuation,
/// spaces, other scripts and quoted text are literals.
///
/// Read scalar by scalar, as ICU reads a pattern (by UTF-16 unit): an `a`
/// followed by a combining mark is one `Character` to Swift but still the
/// day-period field `a` to ICU.
enum PatternFields {
  // Letter sets are strings: a `Set<Character>` costs a scan of the
  // runtime's conformance records the first time, at every start.
  /// Field letters that print a time zone or UTC offset (`z Z O v V X x`).
  static let zoneLetters: String = "zZOvVXx"

  /// Whether `scalar` is a pattern field letter (ASCII A–Z, a–z).
  static func isFieldLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// Calls `body` with each field letter of `pattern` (an unquoted ASCII
  /// letter) and its position, in order, until `body` returns false.
  /// - Returns: whether a quote was left open (when `body` never stopped).
  @discardableResult
  static func forEachFieldLetter(
    in pattern: String, _ body: (String.UnicodeScalarView.Index, Character) -> Bool
  ) -> Bool {
    var inQuote = false
    let scalars = pattern.unicodeScalars
    for index in scalars.indices {
      let scalar = scalars[index]
      if scalar == "'" { inQuote.toggle(); continue }
      if !inQuote && isFieldLetter(scalar) && !body(index, Character(scalar)) { return false }
    }
    return inQuote
  }

  /// The field letters of a pattern (unquoted ASCII letters), in order,
  /// and whether a quote was left open.
  static func fieldLetters(in pattern: String) -> (letters: [Character], unterminatedQuote: Bool) {
    var letters: [Character] = []
    let unterminatedQuote = forEachFieldLetter(in: pattern) { _, letter in
      letters.append(letter)
      return true
    }
    return (letters, unterminatedQuote)
  }

  /// The unquoted letters of a skeleton, of any script, in order, and
  /// whether a quote was left open: a skeleton takes field letters only,
  /// and DateTimePatternGenerator drops any other letter silently, so the
  /// validator refuses them.
  static func letters(in text: String) -> (letters: [Character], unterminatedQuote: Bool) {
    var inQuote = false
    var letters: [Character] = []
    for character in text {
      if character == "'" { inQuote.toggle(); continue }
      if !inQuote && character.isLetter { letters.append(character) }
    }
    return (letters, inQuote)
  }

  /// Zone fields whose text differs between the two occurrences of a
  /// repeated wall time: the UTC offset (`Z O x X`) and the specific name
  /// (`z`: daylight or standard, "HAE"/"HNE"; a GMT offset where the locale
  /// has no name). The generic name (`v`) and the location (`V`: zone ID,
  /// city, "heure : Toronto") are the same text for both (UTS #35 §4 "Zone").
  static let occurrenceLetters: String = "zZOxX"

  /// Whether `pattern` has a zone field that tells the two occurrences of a
  /// repeated wall time apart (``occurrenceLetters``); quoted text is no field.
  static func showsOccurrenceZone(_ pattern: String) -> Bool {
    fieldLetters(in: pattern).letters.contains { occurrenceLetters.contains($0) }
  }

  /// Field letters whose text depends on the wall time of day alone
  /// (`a b B h H k K m s S A`): hours, minutes, seconds, fractions, day periods.
  static let timeOfDayLetters: String = "abBhHkKmsSA"

  /// Zone fields whose text is a function of the UTC offset alone
  /// (`Z O x X`: RFC 822, localized GMT and ISO 8601 offsets, UTS #35 §4
  /// "Zone"); `z v V` print names that also depend on the zone and its
  /// daylight flag.
  static let offsetLetters: String = "ZOxX"

  /// Whether `pattern` prints nothing but the wall time of day, so two
  /// instants with the same local time of day format to the same text.
  /// Only ASCII letters are fields (UTS #35 §4); other scripts are literals.
  static func printsTimeOfDayOnly(_ pattern: String) -> Bool {
    prints(pattern, only: timeOfDayLetters)
  }

  /// Whether `pattern` prints nothing but the wall time of day and UTC
  /// offsets (``offsetLetters``), so two instants with the same local time
  /// of day and the same offset format to the same text.
  static func printsTimeOfDayAndOffsetOnly(_ pattern: String) -> Bool {
    prints(pattern, only: timeOfDayLetters + offsetLetters)
  }

  /// Whether every field letter of `pattern` is one of `letters` (and no quote is left open).
  private static func prints(_ pattern: String, only letters: String) -> Bool {
    let (found, unterminatedQuote) = fieldLetters(in: pattern)
    return !unterminatedQuote && found.allSatisfy { letters.contains($0) }
  }

  /// A pattern cut in two: one part prints the date only, the other the
  /// wall time of day only (see ``dateTimeSplit(_:)``).
  struct DateTimeSplit: Equatable {
    /// The part that prints the date (fields other than time of day and zone) and its literals.
    var date: String
    /// The part that prints the time of day (``timeOfDayLetters``), any
    /// UTC offset (``offsetLetters``) and its literals.
    var time: String
    /// Whether the time part comes first ("HH:mm, d MMM").
    var timeFirst: Bool
  }

  /// `pattern` cut where its date fields end and its time-of-day fields
  /// begin (or the other way round), so that its text is the two parts'
  /// texts joined; nil when the fields interleave, when either kind is
  /// missing, when it prints a zone name or leaves a quote open. A UTC
  /// offset counts as a time-of-day field: the time part's text is kept by
  /// time of day and offset (``TimeOfDayStrings``).
  ///
  /// Literals between the two runs go with the first part. A `年` goes with
  /// the date: ICU prints the Japanese first year as 元 only when the
  /// pattern has one (`SimpleDateFormat::fHasHanYearChar`).
  static func dateTimeSplit(_ pattern: String) -> DateTimeSplit? {
    var firstIsTime: Bool?
    var cut: String.Index?
    var cuts = true
    let unterminatedQuote = forEachFieldLetter(in: pattern) { index, letter in
      let isOffset = offsetLetters.contains(letter)
      let isTime = isOffset || timeOfDayLetters.contains(letter)
      if (zoneLetters.contains(letter) && !isOffset) || (cut != nil && isTime == firstIsTime) {
        cuts = false  // a zone name, or back to the first kind: interleaved
      } else if firstIsTime == nil {
        firstIsTime = isTime
      } else if cut == nil && isTime != firstIsTime {
        cut = index
      }
      return cuts
    }
    guard cuts, !unterminatedQuote, let timeFirst = firstIsTime, let cut else { return nil }
    let scalars = pattern.unicodeScalars
    let (head, tail) = (String(scalars[..<cut]), String(scalars[cut...]))
    let split =
      timeFirst
      ? DateTimeSplit(date: tail, time: head, timeFirst: true) : DateTimeSplit(date: head, time: tail, timeFirst: false)
    return split.time.contains("年") ? nil : split
  }
}
