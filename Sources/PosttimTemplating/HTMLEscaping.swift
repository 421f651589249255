/// HTML escaping for `{{name}}` interpolations (the engine's default escaper).
///
/// Replaces `&`, `<`, `>`, `"` and `'` with `&amp;`, `&lt;`, `&gt;`, `&quot;`
/// and `&#39;`. Controls other than tab, LF and CR (C0, DEL, C1) and
/// noncharacters become U+FFFD: HTML does not allow them in text (WHATWG
/// HTML §13.2.3.5, "control-character-in-input-stream" and
/// "noncharacter-in-input-stream"), and a task list may hold them.
/// Everything else is copied unchanged. Never throws.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// interpolation.yml "HTML Escaping"; `'` is escaped too so values are safe in
/// single-quoted attributes.
public enum HTMLEscaping {
  /// Returns `s` with the five HTML-significant characters replaced by
  /// entities, and forbidden code points by U+FFFD.
  public static func escape(_ s: String) -> String {
    // Fast path: most report values contain nothing to escape.
    // (C1 controls and noncharacters are multi-byte: 0xC2 and 0xEF leads.)
    guard
      s.utf8.contains(where: {
        $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 || $0 == 0x7F
          || $0 == 0xC2 || $0 == 0xEF || $0 == 0xF0 || $0 == 0xF1 || $0 == 0xF2 || $0 == 0xF3 || $0 == 0xF4
      })
    else { return s }
    var out = ""
    out.reserveCapacity(s.utf8.count + 16)
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case _ where isForbidden(scalar): out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A control (other than tab, LF, CR) or a noncharacter.
  public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
    if (0x7F...0x9F).contains(value) { return true }
    return (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }
}
