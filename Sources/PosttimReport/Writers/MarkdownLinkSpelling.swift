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
  /// punctuation of the link (neither can open emphasis, CommonMark §6.2).
  /// No bare run the escaper writes can open, so none can pair with it,
  /// even across the cells a reader without tables reads as one
  /// paragraph. Backticks, `[` and `]` keep their backslashes (a code span
  /// or `[a](b)` could pair).
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
      let afterWord = start > 0 && isWordScalar(lastScalar(bytes, before: start))
      if byte == UInt8(ascii: "_") { return afterWord }
      guard end < linkedEnd else { return false }
      return afterWord && isASCIIPunctuation(bytes[end])
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

  /// How the byte at `index`, in the tail GFM trims off a link written with
  /// backslashes, is spelled so that no backslash joins the link (GFM keeps
  /// one before what it trims). `_`, `*` and `~` bare where their run can
  /// open no emphasis or strikethrough, else `_` and `*` as the entity
  /// references `&lowbar;` and `&ast;`, which GFM trims whole like any
  /// `&name;` and every reader shows as the character (`~` has none: bare
  /// also when no `~` follows it in the text). An entity reference bare:
  /// GFM decodes it there whatever precedes it (`\&copy;` would show `\`
  /// in the link, then `©`). Nil for the usual spelling.
  static func tailSpelling(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, tailStart: Int, urlEnd: Int)
    -> [UInt8]?
  {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "&"): return [byte]
    case UInt8(ascii: "_"), UInt8(ascii: "*"), UInt8(ascii: "~"):
      // A run opens only if left-flanking (CommonMark §6.2): not before
      // white space, nor before punctuation (all a tail holds) after a
      // letter or digit. Any other bare run here cannot open either, so
      // none can pair with it.
      var start = index
      while start > tailStart, bytes[start - 1] == byte { start -= 1 }
      var end = index + 1
      while end < urlEnd, bytes[end] == byte { end += 1 }
      let afterAlphanumeric = start == tailStart && isASCIIAlphanumeric(bytes[start - 1])
      let beforeSpace =
        end == urlEnd
        && (urlEnd == bytes.count || bytes[urlEnd] == UInt8(ascii: " ") || bytes[urlEnd] == UInt8(ascii: "\t"))
      // A `~` run that could open is bare too when no `~` follows in the
      // text: nothing can close it.
      let lastTilde = byte == UInt8(ascii: "~") && !bytes[end...].contains(byte)
      if afterAlphanumeric || beforeSpace || lastTilde { return [byte] }
      return byte == UInt8(ascii: "_") ? Array("&lowbar;".utf8) : byte == UInt8(ascii: "*") ? Array("&ast;".utf8) : nil
    default: return nil
    }
  }
}
