/// Minimal JSON text output (RFC 8259) for writers that stream: strings
/// are escaped here so no writer builds a whole document in memory first.
public enum JSONText {
  /// A JSON string literal: `"` and `\` escaped; control characters
  /// (C0, DEL U+007F and C1 U+0080–U+009F, e.g. U+009B, a terminal's CSI)
  /// as `\n`, `\r`, `\t` or `\u00XX`; U+2028 and U+2029 as `\u2028` and
  /// `\u2029`; everything else as UTF-8 (RFC 8259 §7 allows escaping any).
  public static func string(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{2028}": result += "\\u2028"  // valid JSON, but breaks JavaScript
      case "\u{2029}": result += "\\u2029"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
