import PosttimTemplating

/// Escaping for text interpolated into GitHub-flavoured Markdown, used by
/// the Markdown templates as `{{value}}`.
///
/// Every ASCII punctuation character that could start markup gets a
/// backslash (CommonMark §2.4 allows a backslash before any ASCII
/// punctuation), `|` included so a table cell cannot be split (GFM §4.10),
/// and line breaks become `<br>` so a table keeps one row per task (GFM
/// tables cannot hold a newline; `<br>` is how GitHub writes one).
/// Control characters and noncharacters become U+FFFD. A value holding
/// bidi embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069)
/// is isolated with FSI…PDI (``BidiBalance``), so it cannot reorder the
/// text around it.
public enum MarkdownEscaping {
  /// Matched per Unicode scalar, not per Character: `|` followed by a
  /// combining mark is one Character but still splits a GFM cell.
  static let special: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&"]

  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var afterCR = false
    var bidi = BidiBalance()
    for scalar in text.unicodeScalars where bidi.admit(scalar) {
      defer { afterCR = scalar == "\r" }
      if special.contains(scalar) {
        result += "\\"
        result.unicodeScalars.append(scalar)
      } else if scalar == "\n" {
        if !afterCR { result += "<br>" }  // CRLF is one break
      } else if scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
        result += "<br>"
      } else if HTMLEscaping.isForbidden(scalar) {
        // Markdown goes to terminals (stdout by default): no escape
        // sequence from a task list may reach one. CommonMark turns NUL
        // into U+FFFD too.
        result += "\u{FFFD}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return bidi.enclose(result)
  }
}
