/// How a date is to be written: a locale-adaptive skeleton, or a verbatim
/// pattern (both UTS #35 §4, "Date Field Symbol Table").
///
/// - `skeleton("yMMMdjm")`: which fields to show; ICU's
///   DateTimePatternGenerator picks the locale's order, punctuation and
///   hour cycle (`j` = the locale's preferred hour). Punctuation, spaces and
///   quoted text in a skeleton are ignored, as ICU ignores them: the app's
///   `yyyy.MM.dd HH:mm` as a skeleton gives `dd.MM.yyyy, HH:mm` in de_DE.
/// - `pattern("yyyy.MM.dd HH:mm")`: used as written, in any locale.
public enum DateFormatSpec: Hashable, Sendable, CustomStringConvertible {
  /// A UTS #35 skeleton (`yMMMdjm`), resolved per locale by ICU's pattern generator.
  case skeleton(String)
  /// A UTS #35 pattern (`yyyy.MM.dd HH:mm`), used verbatim in every locale.
  case pattern(String)

  public var description: String {
    switch self {
    case .skeleton(let text): return "skeleton \(text)"
    case .pattern(let text): return "pattern \(text)"
    }
  }

  /// UTS #35 pattern letters that ICU 72 implements.
  static let patternLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHkKjJCmsSAzZOvVXx")

  /// The hint a refused skeleton ends with, in the library's words; a
  /// command line names its own way to give a pattern instead.
  public static let verbatimHint = "a pattern prints text verbatim"

  /// Checks the text, since ICU accepts malformed skeletons and patterns
  /// silently (an unknown letter prints nothing, an open quote runs on).
  ///
  /// A skeleton may hold literals (punctuation, spaces, quoted text), which
  /// ICU ignores; any other letter, or no field letter at all, is refused
  /// with a hint to use a pattern for verbatim output.
  ///
  /// - Returns: warnings for stderr, such as week-year `Y` without a week
  ///   field (the classic "YYYY shows next year in late December" bug).
  /// - Throws: ``DateEngineError/invalidSkeleton(_:reason:)`` or
  ///   ``DateEngineError/invalidPattern(_:reason:)``.
  public func validate() throws(DateEngineError) -> [String] {
    switch self {
    case .skeleton(let text):
      guard !text.isEmpty else { throw .invalidSkeleton(text, reason: "empty") }
      guard text.count <= 64 else {
        throw .invalidSkeleton(String(text.prefix(20)) + "…", reason: "longer than 64 characters")
      }
      let (letters, open) = PatternFields.letters(in: text)
      // DateTimePatternGenerator silently drops a letter that is no field.
      if let bad = letters.first(where: { !Self.patternLetters.contains($0) }) {
        throw .invalidSkeleton(
          text, reason: "\"\(bad)\" is not a UTS #35 date field letter (\(Self.verbatimHint))")
      }
      if open { throw .invalidSkeleton(text, reason: "unterminated quote") }
      guard !letters.isEmpty else {
        throw .invalidSkeleton(text, reason: "no date field letter (\(Self.verbatimHint))")
      }
      return []
    case .pattern(let text):
      guard !text.isEmpty else { throw .invalidPattern(text, reason: "empty") }
      guard text.count <= 256 else {
        throw .invalidPattern(String(text.prefix(20)) + "…", reason: "longer than 256 characters")
      }
      // Letters of other scripts are literals in a pattern (`y年M月d日`).
      let (found, open) = PatternFields.fieldLetters(in: text)
      var letters = Set<Character>()
      for character in found {
        guard Self.patternLetters.contains(character), character != "j", character != "J", character != "C" else {
          throw .invalidPattern(
            text, reason: "\"\(character)\" is not a pattern letter (quote literal text with ')")
        }
        letters.insert(character)
      }
      if open { throw .invalidPattern(text, reason: "unterminated quote") }
      if letters.contains("Y") && !letters.contains("w") {
        return [
          "pattern \"\(TerminalText.echo(text))\" uses week-year Y without a week field w: "
            + "late-December dates show next year (use y for the calendar year)"
        ]
      }
      return []
    }
  }
}
