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
    let scalars = unicodeScalars
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
    return String(scalars[first...last])
  }
}
