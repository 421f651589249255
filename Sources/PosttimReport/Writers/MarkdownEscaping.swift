/// Escaping for text interpolated into GitHub-flavoured Markdown, used by
/// the Markdown templates as `{{value}}`.
///
/// Every ASCII punctuation character that could start markup gets a
/// backslash (CommonMark §2.4 allows a backslash before any ASCII
/// punctuation), `|` included so a table cell cannot be split (GFM §4.10),
/// and line breaks become `<br>` so a table keeps one row per task (GFM
/// tables cannot hold a newline; `<br>` is how GitHub writes one).
public enum MarkdownEscaping {
  static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&"]

  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if special.contains(character) {
        result.append("\\")
        result.append(character)
      } else if character == "\n" || character == "\r" || character == "\r\n"
        || character == "\u{2028}" || character == "\u{2029}"
      {
        result += "<br>"
      } else {
        result.append(character)
      }
    }
    return result
  }
}
