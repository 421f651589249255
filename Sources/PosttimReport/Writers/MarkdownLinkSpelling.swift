/// How ``MarkdownEscaping`` spells the special characters of a bare URL
/// that keeps backslashes (a `www.` URL, or one holding `|`, `>` or an
/// entity reference), so that the link GFM makes holds no backslash the
/// text lacks and ends where GFM ends the text typed bare. GFM's autolink
/// extension takes the link's characters raw; the spelling must still read
/// as no markup to a reader that does not link the URL.
extension MarkdownEscaping {
  /// Whether the special byte at `index`, inside the link GFM makes
  /// (before `linkedEnd`), is written bare: `\` before an ASCII letter,
  /// digit, space or tab (CommonMark reads a backslash as an escape only
  /// before punctuation, a hard break only before a line end); a `_` run
  /// after a letter or digit, a `*` run between a letter or digit and
  /// punctuation of the link (neither can open emphasis, CommonMark §6.2),
  /// when no `_` (`*`) comes before it in the text: an escaped one may lose
  /// its backslash to a link a reader ends earlier than GFM (markdown-it's
  /// linkify) and open what this one would close. Backticks, `[` and `]`
  /// keep their backslashes (a code span or `[a](b)` could pair).
  static func isBareInLink(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, linkedEnd: Int) -> Bool {
    let byte = bytes[index]
    switch byte {
    case 0x5C:
      guard index + 1 < bytes.count else { return false }
      let next = bytes[index + 1]
      return isASCIIAlphanumeric(next) || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
    case UInt8(ascii: "_"), UInt8(ascii: "*"):
      var start = index
      while start > 0, bytes[start - 1] == byte { start -= 1 }
      var end = index + 1
      while end < bytes.count, bytes[end] == byte { end += 1 }
      guard start > 0, !bytes[..<start].contains(byte), isWordScalar(lastScalar(bytes, before: start)) else {
        return false
      }
      return byte == UInt8(ascii: "_") || (end < linkedEnd && isASCIIPunctuation(bytes[end]))
    default: return false
    }
  }

  /// A letter or number (ASCII or not): neither white space nor
  /// punctuation for CommonMark's flanking rules.
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return isASCIIAlphanumeric(UInt8(scalar.value)) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber:
      return true
    default: return false
    }
  }

  /// ASCII punctuation as CommonMark §2.1 lists it.
  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }

  /// How the byte at `index`, in the tail GFM trims off the link of the
  /// bare URL `url`, is spelled so that no backslash joins the link (GFM
  /// keeps one before what it trims). `_`, `*` and `~` bare where their
  /// run can open no emphasis or strikethrough and no such character comes
  /// before it in the text (an escaped one whose backslash a link takes is
  /// bare and may open: ``isBareInLink(_:_:linkedEnd:)``); else `_` and `*`
  /// as the entity references `&lowbar;` and `&ast;`, which GFM trims
  /// whole like any `&name;` and every reader shows as the character, and
  /// `~` (no entity name) escaped. An entity reference bare: GFM decodes it
  /// there whatever precedes it (`\&copy;` would show `\` in the link, then
  /// `©`). Nil for the usual spelling.
  static func tailSpelling(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, url: Range<Int>, tailStart: Int)
    -> [UInt8]?
  {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "&"): return [byte]
    case UInt8(ascii: "_"), UInt8(ascii: "*"), UInt8(ascii: "~"):
      // A run opens only if left-flanking (CommonMark §6.2): not before
      // white space, nor before punctuation (all a tail holds) after a
      // letter or digit.
      var start = index
      while start > tailStart, bytes[start - 1] == byte { start -= 1 }
      var end = index + 1
      while end < url.upperBound, bytes[end] == byte { end += 1 }
      let afterAlphanumeric = start == tailStart && isASCIIAlphanumeric(bytes[start - 1])
      let beforeSpace =
        end == url.upperBound
        && (end == bytes.count || bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t"))
      if (afterAlphanumeric || beforeSpace) && !bytes[..<start].contains(byte) { return [byte] }
      return byte == UInt8(ascii: "_") ? Array("&lowbar;".utf8) : byte == UInt8(ascii: "*") ? Array("&ast;".utf8) : nil
    default: return nil
    }
  }
}
