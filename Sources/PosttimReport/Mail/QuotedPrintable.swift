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
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + text.utf8.count / 4)
    for (number, line) in lines.enumerated() {
      encodeLine(line.last == UInt8(ascii: "\r") ? line.dropLast() : line, into: &out)
      if number < lines.count - 1 || endsWithBreak { out += [0x0D, 0x0A] }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// One input line as one or more output lines joined by soft breaks.
  static func encodeLine(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
    let startsWithFrom = bytes.starts(with: "From ".utf8)
    var column = 0
    for index in bytes.indices {
      let byte = bytes[index]
      let isFirst = index == bytes.startIndex
      let isLast = index == bytes.index(before: bytes.endIndex)
      var literal: Bool
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"): literal = !isLast
      case UInt8(ascii: "="): literal = false
      case UInt8(ascii: "."): literal = !isFirst
      case UInt8(ascii: "F"): literal = !isFirst || !startsWithFrom
      case 33...126: literal = true
      default: literal = false
      }
      // The last character may use the 76th column; others leave room for "=".
      let limit = isLast ? lineLength : lineLength - 1
      if column + (literal ? 1 : 3) > limit {
        out += [UInt8(ascii: "="), 0x0D, 0x0A]
        column = 0
        // A dot starting a line is encoded (SMTP's end-of-data line).
        if byte == UInt8(ascii: ".") { literal = false }
      }
      if literal {
        out.append(byte)
        column += 1
      } else {
        out += hex(byte)
        column += 3
      }
    }
  }

  static let digits = Array("0123456789ABCDEF".utf8)

  /// `=XX`, upper-case hex (rule 1).
  static func hex(_ byte: UInt8) -> [UInt8] {
    [UInt8(ascii: "="), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
  }
}
