/// How a date is to be written: a locale-adaptive skeleton, or a verbatim
/// pattern (both UTS #35 §4, "Date Field Symbol Table").
///
/// - `skeleton("yMMMdjm")`: which fields to show; ICU's
///   DateTimePatternGenerator picks the locale's order, punctuation and
///   hour cycle (`j` = the locale's preferred hour).
/// - `pattern("yyyy.MM.dd HH:mm")`: used as written, in any locale.
public enum DateFormatSpec: Hashable, Sendable, CustomStringConvertible {
  case skeleton(String)
  case pattern(String)

  public var description: String {
    switch self {
    case .skeleton(let text): return "skeleton \(text)"
    case .pattern(let text): return "pattern \(text)"
    }
  }

  /// UTS #35 pattern letters that ICU 72 implements.
  static let patternLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHkKjJCmsSAzZOvVXx")

  /// Checks the text, since ICU accepts malformed skeletons and patterns
  /// silently (an unknown letter prints nothing, an open quote runs on).
  ///
  /// - Returns: warnings for stderr, such as week-year `Y` without a week
  ///   field (the classic "YYYY shows next year in late December" bug).
  /// - Throws: ``DateEngineError/invalidSkeleton(_:reason:)`` or
  ///   ``DateEngineError/invalidPattern(_:reason:)``.
  public func validate() throws(DateEngineError) -> [String] {
    switch self {
    case .skeleton(let text):
      guard !text.isEmpty else { throw .invalidSkeleton(text, reason: "empty") }
      guard text.count <= 64 else { throw .invalidSkeleton(String(text.prefix(20)) + "…", reason: "longer than 64 letters") }
      if let bad = text.first(where: { !Self.patternLetters.contains($0) }) {
        throw .invalidSkeleton(
          text, reason: "\"\(bad)\" is not a UTS #35 date field letter")
      }
      return []
    case .pattern(let text):
      guard !text.isEmpty else { throw .invalidPattern(text, reason: "empty") }
      guard text.count <= 256 else { throw .invalidPattern(String(text.prefix(20)) + "…", reason: "longer than 256 characters") }
      var inQuote = false
      var letters = Set<Character>()
      for character in text {
        if character == "'" { inQuote.toggle(); continue }
        if inQuote || !character.isASCII || !character.isLetter { continue }
        guard Self.patternLetters.contains(character), character != "j", character != "J",
          character != "C"
        else {
          throw .invalidPattern(
            text, reason: "\"\(character)\" is not a pattern letter (quote literal text with ')")
        }
        letters.insert(character)
      }
      if inQuote { throw .invalidPattern(text, reason: "unterminated quote") }
      if letters.contains("Y") && !letters.contains("w") {
        return [
          "pattern \"\(text)\" uses week-year Y without a week field w: "
            + "late-December dates show next year (use y for the calendar year)"
        ]
      }
      return []
    }
  }
}
