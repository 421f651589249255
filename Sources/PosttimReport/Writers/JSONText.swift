import PosttimTemplating

/// Minimal JSON text output (RFC 8259) for writers that stream: strings
/// are escaped here so no writer builds a whole document in memory first.
public enum JSONText {
  /// A JSON string literal: `"` and `\` escaped; control characters
  /// (C0, DEL U+007F and C1 U+0080–U+009F, e.g. U+009B, a terminal's CSI)
  /// as `\n`, `\r`, `\t` or `\u00XX`; U+2028 and U+2029 as `\u2028` and
  /// `\u2029`; everything else as UTF-8 (RFC 8259 §7 allows escaping any).
  public static func string(_ text: String) -> String {
    var buffer = TextBuffer(capacity: text.utf8.count + 8)
    write(text, to: &buffer)
    return buffer.text
  }

  /// ``string(_:)``, written into `buffer`. Read as UTF-8 bytes: the
  /// characters escaped are ASCII bytes or the two-byte C1 controls
  /// (C2 80–C2 9F) and U+2028, U+2029 (E2 80 A8, E2 80 A9); every other byte
  /// is copied as it is, in runs (appending scalar by scalar to a String
  /// was most of a long JSON document's time).
  static func write(_ text: String, to buffer: inout TextBuffer) {
    buffer.write(byte: 0x22)
    text.withUTF8Bytes { bytes in
      var start = 0
      var index = 0
      func flush() {
        if start < index { buffer.write(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
      }
      while index < bytes.count {
        let byte = bytes[index]
        let length: Int
        let value: UInt32
        if byte < 0x80 {
          guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else {
            index += 1
            continue
          }
          (length, value) = (1, UInt32(byte))
        } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] < 0xA0 {
          (length, value) = (2, UInt32(bytes[index + 1]))
        } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 {
          (length, value) = (3, 0x2000 | UInt32(bytes[index + 2] & 0x3F))
        } else {
          index += 1
          continue
        }
        flush()
        writeEscape(value, to: &buffer)
        index += length
        start = index
      }
      flush()
    }
    buffer.write(byte: 0x22)
  }

  /// The escape of a scalar ``string(_:)`` escapes.
  private static func writeEscape(_ value: UInt32, to buffer: inout TextBuffer) {
    switch value {
    case 0x22: buffer.write("\\\"")
    case 0x5C: buffer.write("\\\\")
    case 0x0A: buffer.write("\\n")
    case 0x0D: buffer.write("\\r")
    case 0x09: buffer.write("\\t")
    default:
      // \u and four lowercase hex digits (U+2028 and U+2029 included).
      let digits = Array("0123456789abcdef".utf8)
      buffer.write("\\u")
      for shift in stride(from: 12, through: 0, by: -4) {
        buffer.write(byte: digits[Int(value >> UInt32(shift)) & 0xF])
      }
    }
  }
}
