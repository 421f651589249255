extension String {
  /// The text without leading and trailing spaces as Foundation's
  /// `CharacterSet.whitespaces` defines them on Linux (Unicode category
  /// Zs, U+0009 TAB and, as CoreFoundation still has it, U+200B ZERO
  /// WIDTH SPACE; line breaks stay), removed scalar by scalar as
  /// `trimmingCharacters(in: .whitespaces)` does.
  ///
  /// Why not Foundation's: its first call builds the character set and
  /// bridges the string, about 340,000 instructions, on the start-up path
  /// (config names, day words).
  public func trimmingHorizontalSpace() -> String {
    trimmingScalars { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }
  }

  /// The text without leading and trailing line breaks (Foundation's
  /// `CharacterSet.newlines`: U+000A…U+000D, U+0085, U+2028, U+2029).
  public func trimmingLineBreaks() -> String {
    trimmingScalars { ("\u{0A}"..."\u{0D}").contains($0) || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }
  }

  /// The text without leading and trailing white space (Unicode White_Space).
  public func trimmingWhitespace() -> String {
    trimmingScalars { $0.properties.isWhitespace }
  }

  /// The text without leading and trailing white space and line breaks as
  /// Foundation's `CharacterSet.whitespacesAndNewlines` has them on Linux:
  /// Unicode White_Space and, as CoreFoundation still has it, U+200B.
  public func trimmingWhitespaceAndNewlines() -> String {
    trimmingScalars { $0.properties.isWhitespace || $0 == "\u{200B}" }
  }

  /// The text without the leading and trailing scalars `isTrimmed` accepts.
  func trimmingScalars(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
    return String(scalars[first...last])
  }
}
