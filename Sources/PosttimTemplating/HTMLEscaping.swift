/// HTML escaping for `{{name}}` interpolations (the engine's default escaper).
///
/// Replaces `&`, `<`, `>`, `"` and `'` with `&amp;`, `&lt;`, `&gt;`, `&quot;`
/// and `&#39;`. C0 control characters other than tab, LF and CR, and DEL,
/// become U+FFFD: HTML does not allow them in text (WHATWG HTML §13.2.3.5,
/// "control-character-in-input-stream"), and a task list may hold them.
/// Everything else is copied unchanged. Never throws.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// interpolation.yml "HTML Escaping"; `'` is escaped too so values are safe in
/// single-quoted attributes.
public enum HTMLEscaping {
  /// Returns `s` with the five HTML-significant characters replaced by entities.
  public static func escape(_ s: String) -> String {
    // Fast path: most report values contain nothing to escape.
    guard
      s.utf8.contains(where: {
        $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 || $0 == 0x7F
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
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
