import PosttimTemplating

/// What GFM's autolink extension (GFM §6.9, cmark-gfm's
/// `extensions/autolink.c`, as GitHub renders) links in a bare URL, so
/// ``MarkdownEscaping`` can write the linked characters as they are.
///
/// The URL's raw extent (up to white space or `<`) is given by the caller;
/// this finds where the link ends within it and whether GFM links it at all.
enum GFMAutolink {
  /// Where the link of a bare URL ends: GFM's `autolink_delim` applied to
  /// `bytes[start..<end]`. Trailing `?!.,:*_~'"` are left out, a trailing
  /// `;` that ends an entity-like `&name;` leaves it all out, and a
  /// trailing `)` stays only while the parentheses in the link balance.
  static func linkEnd(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Int {
    var end = end
    func isAlpha(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
    while end > start {
      let last = bytes[end - 1]
      if Array("?!.,:*_~'\"".utf8).contains(last) {
        end -= 1
      } else if last == UInt8(ascii: ";") {
        var back = end - 2
        while back > start, isAlpha(bytes[back]) { back -= 1 }
        end = back < end - 2 && back >= start && bytes[back] == UInt8(ascii: "&") ? back : end - 1
      } else if last == UInt8(ascii: ")") {
        var opening = 0, closing = 0
        for byte in bytes[start..<end] {
          if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
        }
        if closing <= opening { break }
        end -= 1
      } else {
        break
      }
    }
    return end
  }

  /// Whether GFM links the bare URL starting at `start`: after `scheme://`
  /// a host character (neither white space nor punctuation, cmark-gfm's
  /// `sd_autolink_issafe`), and for both kinds a domain without `_` in its
  /// last two labels (`check_domain`).
  static func isLinked(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
    guard start < end else { return false }
    if (bytes[start] | 0x20) == UInt8(ascii: "w") { return hasValidDomain(bytes, from: start, end: end) }
    guard let colon = (start..<end).first(where: { bytes[$0] == UInt8(ascii: ":") }), colon + 3 < end,
      isHostCharacter(MarkdownEscaping.scalarAndLength(bytes, colon + 3).0)
    else { return false }
    return hasValidDomain(bytes, from: colon + 3, end: end)
  }

  /// cmark-gfm's `check_domain` from `from` (its first character is not
  /// looked at): the domain runs over host characters, `-`, `_` and `.`,
  /// and is refused when `_` is in one of its last two labels.
  static func hasValidDomain(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Bool {
    var underscores = (previous: 0, current: 0)
    var index = from + MarkdownEscaping.scalarAndLength(bytes, from).1
    while index < end {
      let (scalar, length) = MarkdownEscaping.scalarAndLength(bytes, index)
      if scalar == "_" {
        underscores.current += 1
      } else if scalar == "." {
        underscores = (underscores.current, 0)
      } else if !isHostCharacter(scalar) && scalar != "-" {
        break
      }
      index += length
    }
    return underscores.previous == 0 && underscores.current == 0
  }

  /// Neither white space nor punctuation (ASCII punctuation and symbols,
  /// or a Unicode punctuation category), as cmark's utf8proc sees it.
  static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let value = scalar.value
      return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation, .spaceSeparator, .lineSeparator, .paragraphSeparator:
      return false
    default:
      return !scalar.properties.isWhitespace
    }
  }

  /// Whether `bytes[start..<end]` can be written as a CommonMark autolink
  /// `<…>` (CommonMark §6.5) that reads the same: a scheme URL, every
  /// character as it is. Not with `>` (it would end the autolink), `|` (a
  /// GFM table splits cells before reading autolinks), an `&` that starts
  /// an entity reference (cmark decodes it there), or a character the
  /// escaping changes (controls, noncharacters, bidi formatting, U+2028,
  /// U+2029).
  static func canBeAngleAutolink(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
    guard (bytes[start] | 0x20) != UInt8(ascii: "w") else { return false }
    var index = start
    while index < end {
      let (scalar, length) = MarkdownEscaping.scalarAndLength(bytes, index)
      switch scalar {
      case ">", "|", "\u{7F}", "\u{2028}", "\u{2029}": return false
      case "&" where !MarkdownEscaping.isBareInURL(bytes, index): return false
      default:
        if scalar.value < 0x20 || HTMLEscaping.isForbidden(scalar) || BidiBalance.isFormatting(scalar.value) {
          return false
        }
      }
      index += length
    }
    return true
  }
}
