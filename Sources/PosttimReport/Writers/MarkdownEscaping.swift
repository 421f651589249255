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
///
/// Bare URLs (`https://…`, `http://…`, `ftp://…`, `www.…`, up to white
/// space or `<`): GFM's autolink extension takes a URL's characters raw, so
/// `a\_b` would link to `a%5C_b`. In them, `_` between letters or digits
/// and `&` that does not start an entity reference are left bare: neither
/// can start markup there (CommonMark §6.2: an intraword `_` neither opens
/// nor closes emphasis), so the URL reads and links the same whether or not
/// a reader autolinks it. Other punctuation keeps its backslash (`*`, `~`,
/// `[` could start markup when a reader does not link the URL).
public enum MarkdownEscaping {
  /// Matched per Unicode scalar, not per Character: `|` followed by a
  /// combining mark is one Character but still splits a GFM cell.
  /// (Bytes, not a `Set`: a set of a type the run has not hashed yet costs
  /// a scan of the runtime's conformance records at start.)
  static let special = Array("\\`*_[]<>|~&".utf8)
  /// ``special`` as a set of bytes.
  static let specialASCII = ASCIISet { special.contains($0) }
  /// The ASCII bytes ``escape(_:)`` changes: ``special``, controls and DEL.
  static let escapedASCII = ASCIISet { $0 < 0x20 || $0 == 0x7F || special.contains($0) }

  /// `text` safe in a GFM table cell: see the type's rules.
  public static func escape(_ text: String) -> String {
    // Fast path: nothing to escape, no line break, control, noncharacter or
    // bidi formatting character. URLs then need nothing either (their
    // handling only keeps some special characters bare).
    guard
      ScalarScan.contains(
        text, ascii: escapedASCII,
        nonASCII: {
          $0 == 0x2028 || $0 == 0x2029 || HTMLEscaping.isForbidden(Unicode.Scalar($0)!)
            || BidiBalance.isFormatting($0)
        })
    else { return text }
    // Into UTF-8 bytes, made a String once (as HTMLEscaping): appending
    // scalar by scalar to a String costs more than the escaping.
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count + 16)
    var afterCR = false
    let scalars = Array(text.unicodeScalars)
    var urlEnd = -1  // scalars before this index belong to a bare URL
    var bidi = BidiBalance()
    for (index, scalar) in scalars.enumerated() where bidi.admit(scalar) {
      defer { afterCR = scalar == "\r" }
      if index >= urlEnd, let end = bareURLEnd(in: scalars, at: index) { urlEnd = end }
      if index < urlEnd, isBareInURL(scalars, index) {
        result.append(UInt8(scalar.value))  // `_` or `&`
      } else if scalar.isASCII && specialASCII.contains(UInt8(scalar.value)) {
        result.append(0x5C)
        result.append(UInt8(scalar.value))
      } else if scalar == "\n" {
        if !afterCR { result.append(contentsOf: "<br>".utf8) }  // CRLF is one break
      } else if scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
        result.append(contentsOf: "<br>".utf8)
      } else if HTMLEscaping.isForbidden(scalar) {
        // Markdown goes to terminals (stdout by default): no escape
        // sequence from a task list may reach one. CommonMark turns NUL
        // into U+FFFD too.
        result.append(contentsOf: "\u{FFFD}".utf8)
      } else {
        UTF8.encode(scalar) { result.append($0) }
      }
    }
    return bidi.enclose(String(decoding: result, as: UTF8.self))
  }

  /// `_` between ASCII letters or digits, or `&` not followed by an entity
  /// name or number and `;`.
  static func isBareInURL(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
    func isAlphanumeric(_ at: Int) -> Bool {
      scalars.indices.contains(at) && scalars[at].isASCII && scalars[at].properties.isAlphabetic
        || scalars.indices.contains(at) && ("0"..."9").contains(scalars[at])
    }
    switch scalars[index] {
    case "_": return isAlphanumeric(index - 1) && isAlphanumeric(index + 1)
    case "&":
      var end = index + 1
      while end < scalars.count, isAlphanumeric(end) || scalars[end] == "#" { end += 1 }
      return !(end > index + 1 && end < scalars.count && scalars[end] == ";")
    default: return false
    }
  }

  /// URL starts GFM's autolink extension recognizes (extended URL and www
  /// autolinks, GFM §6.9), as ASCII.
  static let urlStarts: [[Unicode.Scalar]] = ["https://", "http://", "ftp://", "www."].map { Array($0.unicodeScalars) }

  /// When a bare URL starts at `index` (at the start of the text, or after
  /// white space or `*_~(`, as GFM §6.9 requires), the index past its end:
  /// the next white space, control or `<`. Otherwise nil.
  static func bareURLEnd(in scalars: [Unicode.Scalar], at index: Int) -> Int? {
    // Every start begins with h, f or w: most scalars end here, before the
    // (slower) white-space property of the one before.
    switch scalars[index] {
    case "h", "H", "f", "F", "w", "W": break
    default: return nil
    }
    if index > 0 {
      let before = scalars[index - 1]
      guard before.properties.isWhitespace || "*_~(".unicodeScalars.contains(before) else { return nil }
    }
    func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
      ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
    guard
      urlStarts.contains(where: { start in
        index + start.count < scalars.count && zip(start, scalars[index...]).allSatisfy { $0 == lowercased($1) }
      })
    else { return nil }
    var end = index
    while end < scalars.count, !scalars[end].properties.isWhitespace, scalars[end] != "<", scalars[end].value >= 0x20 {
      end += 1
    }
    return end
  }
}
