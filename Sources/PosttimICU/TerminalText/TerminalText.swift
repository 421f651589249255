/// Text made safe to print as one line of a terminal table.
public enum TerminalText {
  /// `text` on one line, with nothing a terminal would act on.
  ///
  /// - Line breaks (LF, CR, CRLF, VT, FF, NEL U+0085, LS U+2028, PS
  ///   U+2029) end a line: the lines are trimmed, empty ones dropped, and
  ///   the rest joined with `separator`.
  /// - A tab becomes one space (its width depends on the cursor position).
  /// - Other control characters (C0, DEL, C1) are removed: ESC (U+001B) or
  ///   CSI (U+009B) in a task's text could otherwise start an escape
  ///   sequence that recolours or rewrites the user's terminal.
  ///
  ///     TerminalText.singleLine("Déposer l'archive.\nVérifier.")
  ///     // "Déposer l'archive. · Vérifier."
  public static func singleLine(_ text: String, separator: String = " · ") -> String {
    // Narrow text has no line break or control: only its ends may change.
    let narrow = NarrowText.withBytes(text) { bytes in
      NarrowText.width(bytes) == nil ? nil : (NarrowText.trimmed(bytes), bytes.count)
    }
    guard let (kept, count) = narrow else { return singleLineByScalar(text, separator: separator) }
    return kept == 0..<count ? text : NarrowText.withBytes(text) { NarrowText.string($0, kept) }
  }

  /// ``singleLine(_:separator:)`` for any text.
  static func singleLineByScalar(_ text: String, separator: String) -> String {
    var lines: [String] = []
    var line = String.UnicodeScalarView()
    func endLine() {
      let trimmed = String(line).trimmingWhitespace()
      if !trimmed.isEmpty { lines.append(trimmed) }
      line = String.UnicodeScalarView()
    }
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: endLine()
      case 0x09: line.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0: continue
      default: line.append(scalar)
      }
    }
    endLine()
    return lines.joined(separator: separator)
  }

  /// A value from the user or a file, made safe to quote in a one-line
  /// message: line breaks and tabs as `\n`, `\r`, `\t`, other control
  /// characters (C0, DEL, C1), line and paragraph separators and bidi
  /// controls as `\u{1b}`-style escapes, so a file name, option value or
  /// task text cannot recolour the terminal, break the line or reorder the
  /// text around it. Past `limit` scalars the rest is shown as `…`.
  ///
  ///     TerminalText.echo("a\u{1B}[31mb")  // "a\\u{1b}[31mb"
  public static func echo(_ text: String, limit: Int = .max) -> String {
    var result = ""
    for (count, scalar) in text.unicodeScalars.enumerated() {
      if count == limit {
        result += "…"
        break
      }
      switch scalar.value {
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x09: result += "\\t"
      case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        result += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` as ``echo(_:limit:)`` shows it, but cut in the middle past
  /// `limit` scalars, its last quarter kept: a message's end says why
  /// (`…/tasks.plist: cannot be read (File name too long)`).
  public static func echo(_ text: String, keepingEndPast limit: Int) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > limit else { return echo(text) }
    let end = limit / 4
    let head = String(String.UnicodeScalarView(scalars.prefix(limit - end)))
    return echo(head) + "…" + echo(String(String.UnicodeScalarView(scalars.suffix(end))))
  }

}
