import PosttimParallel
import PosttimTemplating

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
    text.withUTF8Bytes { bytes in
      guard bytes.count >= parallelBytes else {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        encodeLines(bytes, into: &out)
        return String(decoding: out, as: UTF8.self)
      }
      // Lines are encoded independently: a long body is cut after line
      // breaks into pieces encoded on every core, joined in order.
      let pieces = pieces(of: bytes, count: 4 * Parallel.width)
      nonisolated(unsafe) let input = bytes
      let encoded = Parallel.map(pieces.count) { index in
        let piece = UnsafeBufferPointer(rebasing: input[pieces[index]])
        var out: [UInt8] = []
        out.reserveCapacity(piece.count + piece.count / 4)
        encodeLines(piece, into: &out)
        return out
      }
      let total = encoded.reduce(0) { $0 + $1.count }
      return String(unsafeUninitializedCapacity: total) { text in
        var at = 0
        for piece in encoded where !piece.isEmpty {
          piece.withUnsafeBufferPointer { (text.baseAddress! + at).initialize(from: $0.baseAddress!, count: $0.count) }
          at += piece.count
        }
        return total
      }
    }
  }

  /// Bodies of at least this many bytes are encoded on several cores.
  static let parallelBytes = 1 << 20

  /// About `count` consecutive ranges covering `bytes`, each but the last
  /// ending just after an LF.
  static func pieces(of bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Range<Int>] {
    var pieces: [Range<Int>] = []
    var start = 0
    let size = max(1, bytes.count / max(1, count))
    while start < bytes.count {
      var end = min(bytes.count, start + size)
      while end < bytes.count, bytes[end - 1] != UInt8(ascii: "\n") { end += 1 }
      pieces.append(start..<end)
      start = end
    }
    return pieces
  }

  /// `bytes` line by line: each line's encoding, then CRLF where the line
  /// ended with LF or CR LF (a CR just before the end is dropped too).
  static func encodeLines(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    var start = 0
    while start < bytes.count {
      // A line ends at LF or at the end; a CR before either is the line break's.
      let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
      let lineEnd = newline ?? bytes.count
      let end = lineEnd > start && bytes[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
      encodeLine(UnsafeBufferPointer(rebasing: bytes[start..<end]), into: &out)
      guard let newline else { return }
      out.append(0x0D)
      out.append(0x0A)
      start = newline + 1
    }
  }

  /// One input line as one or more output lines joined by soft breaks,
  /// appended byte by byte (an array made per `=XX` was most of the cost).
  static func encodeLine(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    let startsWithFrom = bytes.starts(with: "From ".utf8)
    var column = 0
    let last = bytes.count - 1
    for index in bytes.indices {
      let byte = bytes[index]
      let isFirst = index == 0
      let isLast = index == last
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
        out.append(UInt8(ascii: "="))
        out.append(0x0D)
        out.append(0x0A)
        column = 0
        // A dot starting a line is encoded (SMTP's end-of-data line).
        if byte == UInt8(ascii: ".") { literal = false }
      }
      if literal {
        out.append(byte)
        column += 1
      } else {
        out.append(UInt8(ascii: "="))
        out.append(hexDigit(byte >> 4))
        out.append(hexDigit(byte & 0x0F))
        column += 3
      }
    }
  }

  /// An upper-case hex digit (rule 1).
  private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x37 + value }
}
