extension DisplayWidth {
  /// `text` as lines of at most `columns` display columns, nothing cut:
  /// line breaks in the text (LF, CR, CR LF, NEL, U+2028, U+2029) are
  /// kept, controls removed (``TerminalText/singleLine(_:separator:)``), and
  /// each paragraph is filled greedily at spaces; a word wider than
  /// `columns` is split between grapheme clusters. Lines carry no leading
  /// or trailing spaces. An empty text gives `[]`; `columns` < 2 counts as 2
  /// (a wide character must fit).
  ///
  ///     DisplayWidth.wrapped("Déposer l'archive sur le portail.", to: 12)
  ///     // ["Déposer", "l'archive", "sur le", "portail."]
  public static func wrapped(_ text: String, to columns: Int) -> [String] {
    let columns = max(columns, 2)
    let narrow = NarrowText.withBytes(text) { NarrowText.width($0) == nil ? nil : NarrowText.wrapped($0, to: columns) }
    return narrow ?? wrappedByCluster(text, to: columns)
  }

  /// ``wrapped(_:to:)`` for any text, `columns` at least 2.
  static func wrappedByCluster(_ text: String, to columns: Int) -> [String] {
    var lines: [String] = []
    for paragraph in TerminalText.singleLine(text, separator: "\n").split(separator: "\n") {
      var line = ""
      var used = 0
      func flush() {
        if !line.isEmpty { lines.append(line) }
        line = ""
        used = 0
      }
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = Substring(word)
        var width = of(String(word))
        if used > 0, used + 1 + width <= columns {
          line += " " + word
          used += 1 + width
          continue
        }
        flush()
        while width > columns {  // a word wider than the line: cut between clusters
          var piece = ""
          var pieceWidth = 0
          while let first = word.first, pieceWidth + of(first) <= columns {
            piece.append(first)
            pieceWidth += of(first)
            word = word.dropFirst()
          }
          lines.append(piece)
          width -= pieceWidth
        }
        line = String(word)
        used = width
      }
      flush()
    }
    return lines
  }
}
