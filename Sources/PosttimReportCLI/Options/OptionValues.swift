import PosttimICU

/// Conversions shared by option declarations. Each throws ``UsageError``
/// with a message that names the option and the text it got.
enum OptionValues {
  /// The text a message quotes: escaped, and cut after 80 Unicode scalars.
  static func quoted(_ text: String) -> String { TerminalText.echo(text, limit: 80) }

  /// A whole number in `range`.
  static func integer(_ option: String, in range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
    { text in
      guard let value = Int(text), range.contains(value) else {
        throw UsageError(
          "--\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), got '\(quoted(text))'")
      }
      return value
    }
  }

  /// One of `choices`, matched case-insensitively (`-f HTML` is `html`);
  /// otherwise "unknown NOUN 'x' (available: …)", with the closest choice.
  static func choice(_ noun: String, _ choices: [String]) -> @Sendable (String) throws -> String {
    { text in
      if choices.contains(text) { return text }
      let folded = choices.filter { $0.lowercased() == text.lowercased() }
      if folded.count == 1 { return folded[0] }
      let hint = Suggestion.closest(to: text, in: choices).map { "; did you mean '\($0)'?" } ?? ""
      throw UsageError(
        "unknown \(noun) '\(quoted(text))' (available: \(choices.sorted().joined(separator: ", "))\(hint))")
    }
  }
}
