/// HTML escaping for `{{name}}` interpolations (the engine's default escaper).
///
/// Replaces `&`, `<`, `>`, `"` and `'` with `&amp;`, `&lt;`, `&gt;`, `&quot;`
/// and `&#39;`; everything else is copied unchanged. Never throws.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// interpolation.yml "HTML Escaping"; `'` is escaped too so values are safe in
/// single-quoted attributes.
public enum HTMLEscaping {
  /// Returns `s` with the five HTML-significant characters replaced by entities.
  public static func escape(_ s: String) -> String {
    // Fast path: most report values contain nothing to escape.
    guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
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
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
