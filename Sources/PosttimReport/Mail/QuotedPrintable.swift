/// Quoted-printable bodies (RFC 2045 §6.7).
///
/// Input line breaks (LF or CRLF) become CRLF hard line breaks; longer
/// lines get soft breaks (`=` CRLF) so no line exceeds 76 characters, and
/// an `=XX` triple is never split (rule 5). Space and tab are kept except
/// before a line end, where they are encoded (rule 3). Two extra guards
/// for the trip through mail systems: a line starting with `From ` gets
/// its `F` encoded (mbox stores would write `>From`), and a line starting
/// with `.` gets it encoded (SMTP's end-of-data line).
public enum QuotedPrintable {
  /// Characters per line, the soft-break `=` included (rule 5).
  public static let lineLength = 76

  /// Encodes UTF-8 text; the result ends in CRLF when `text` ends in a
  /// line break.
  public static func body(_ text: String) -> String {
    var lines = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let endsWithBreak = lines.last?.isEmpty == true
    if endsWithBreak { lines.removeLast() }
    var out = ""
    for (number, line) in lines.enumerated() {
      var bytes = Array(line)
      if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
      out += encodeLine(bytes)
      if number < lines.count - 1 || endsWithBreak { out += "\r\n" }
    }
    return out
  }

  /// One input line as one or more output lines joined by soft breaks.
  static func encodeLine(_ bytes: [UInt8]) -> String {
    var tokens: [String] = []
    tokens.reserveCapacity(bytes.count)
    let startsWithFrom = bytes.starts(with: Array("From ".utf8))
    for (index, byte) in bytes.enumerated() {
      let isLast = index == bytes.count - 1
      let literal: Bool
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"): literal = !isLast
      case UInt8(ascii: "="): literal = false
      case UInt8(ascii: "."): literal = index != 0
      case UInt8(ascii: "F"): literal = index != 0 || !startsWithFrom
      case 33...126: literal = true
      default: literal = false
      }
      tokens.append(literal ? String(UnicodeScalar(byte)) : hex(byte))
    }
    var out = ""
    var column = 0
    for (index, literalToken) in tokens.enumerated() {
      var token = literalToken
      // The last token may use the 76th column; others leave room for "=".
      let limit = index == tokens.count - 1 ? lineLength : lineLength - 1
      if column + token.count > limit, token == "." { token = hex(UInt8(ascii: ".")) }
      if column + token.count > limit {
        out += "=\r\n"
        column = 0
      }
      out += token
      column += token.count
    }
    return out
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "=" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
  }
}
