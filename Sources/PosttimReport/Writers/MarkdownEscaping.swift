import PosttimTemplating

/// Escaping for text interpolated into GitHub-flavoured Markdown, used by
/// the Markdown templates as `{{value}}`.
///
/// Every ASCII punctuation character that could start inline markup (the
/// backslash, the backtick, `*`, `_`, `[`, `]`, `<`, `>`, `&` and `~`)
/// gets a backslash (CommonMark §2.4 allows a backslash before any ASCII
/// punctuation), `|` included so a table cell cannot be split (GFM
/// §4.10), and line breaks become `<br>` so a table keeps one row per task
/// (GFM tables cannot hold a newline; `<br>` is how GitHub writes one).
/// Control characters and noncharacters become U+FFFD. A value holding
/// bidi embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069)
/// is isolated with FSI…PDI (``BidiBalance``), so it cannot reorder the
/// text around it. A value is escaped for an inline place, as the
/// default templates put every value (a table cell, after a list marker):
/// what starts a block only at the start of a line (`#`, `-`, `+`, `=`,
/// `1.`) is left as it is, and a template that starts a line with a value
/// lets it start a heading or a list.
///
/// Bare URLs (`https://…`, `http://…`, `ftp://…`, `www.…`, up to white
/// space or `<`): GFM's autolink extension takes a URL's characters raw, so
/// `a\_b` would link to `a%5C_b`. In them, `_` between letters or digits
/// and `&` that does not start an entity reference are left bare: neither
/// can start markup there (CommonMark §6.2: an intraword `_` neither opens
/// nor closes emphasis), so the URL reads and links the same whether or not
/// a reader autolinks it. Inside the link GFM makes (``GFMAutolink``), `~`
/// is left bare too: it is markup in no CommonMark reader. A scheme URL
/// that would need any other backslash, in its link or in the tail GFM
/// trims off it (GFM keeps the backslash in both), becomes a CommonMark
/// autolink of its link, `<http://exemple.fr/~prof/tp*3>`, so GitHub shows
/// and links it as it is and a plain CommonMark reader links it too,
/// reading no emphasis in it; one that cannot (it holds `|`, `>` or an
/// entity reference) and a `www.` URL keep their backslashes (`*`, `[`
/// could start markup when a reader does not link the URL), except where
/// no reader can read markup (``isBareInLink(_:_:linkedEnd:)``) and in
/// the tail GFM trims (``tailSpelling(_:_:url:tailStart:)``). `>` is
/// bare in every URL. A URL after a `[` still open is text GFM does not
/// link, as it links none typed there (cmark-gfm's autolink `match`).
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
    text.withUTF8Bytes { scan.finds(in: $0) ? escapeSlowly($0) : text }
  }

  /// ``escape(_:)`` of the text whose UTF-8 is `bytes`, appended to a
  /// buffer: a report's rows lend their values' bytes, where a `String`
  /// per value was retained and released on every core. Holds the scan
  /// (see ``HTMLEscaping/byteEscape``).
  package static let byteEscape: TemplateByteEscape = { [scan] in escapeUTF8($0, into: &$1, scan: scan) }

  private static func escapeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout TextBuffer, scan: EscapeScan) {
    guard scan.finds(in: bytes) else { return buffer.write(bytes) }
    buffer.write(escapeSlowly(bytes))
  }

  /// What ``escape(_:)`` changes: a special character, a line break, a
  /// control, a noncharacter or a bidi formatting character. URLs need
  /// nothing without one (their handling only keeps some special
  /// characters bare).
  private static let scan = EscapeScan(ascii: escapedASCII, lineSeparators: true)

  /// The escaping itself, over valid UTF-8, byte by byte: ASCII (every
  /// character the rules name but U+2028 and U+2029) is handled as bytes,
  /// other scalars are decoded and copied. Walking an array of scalars
  /// instead cost 6,000 instructions a value (a title with `&`).
  static func escapeSlowly(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 16)
    var afterCR = false
    var urlEnd = -1  // bytes before this offset belong to a bare URL
    var linkedEnd = -1  // bytes before this offset are inside the link GFM makes of it
    var urlStart = -1  // where the last bare URL starts
    var tailStart = -1  // bytes from here to urlEnd are what GFM trims off a link's end
    var openBrackets = 0  // `[` of the text still open: GFM links no URL inside one
    var bidi = BidiBalance()
    var before: Unicode.Scalar?  // the previous scalar, admitted or not
    let special = specialASCII
    var index = 0
    while index < bytes.count {
      // Most bytes: printable ASCII that no rule touches (not special, no
      // control, and no h, f or w, which could start a URL).
      let byte = bytes[index]
      if byte >= 0x20, byte < 0x7F, !special.contains(byte), !Self.startsURLs(byte) {
        result.append(byte)
        before = Unicode.Scalar(byte)
        afterCR = false
        index += 1
        continue
      }
      let (scalar, length) = scalarAndLength(bytes, index)
      var last = scalar, next = index + length
      defer {
        before = last
        index = next
      }
      guard bidi.admit(scalar) else { continue }
      defer { afterCR = scalar == "\r" }
      if index >= urlEnd, let end = bareURLEnd(in: bytes, at: index, after: before) {
        if openBrackets > 0 {
          // cmark-gfm links nothing while a `[` is open: plain text, with
          // a backslash before the scheme's `:` (www's `.`) so GFM links
          // nothing here either.
          let stop = (index..<end).first { bytes[$0] == UInt8(ascii: ":") || bytes[$0] == UInt8(ascii: ".") }!
          result.append(contentsOf: bytes[index..<stop])
          result.append(0x5C)
          result.append(bytes[stop])
          last = Unicode.Scalar(bytes[stop])
          next = stop + 1
          continue
        }
        (urlStart, urlEnd) = (index, end)
        let link = GFMAutolink.linkEnd(bytes, start: index, end: end)
        let linked = GFMAutolink.isLinked(bytes, start: index, end: end)
        linkedEnd = linked ? link : index
        tailStart = linked ? link : end
        // A `<` ends the URL, and its backslash would join the link.
        let endsAtAngle = end < bytes.count && bytes[end] == UInt8(ascii: "<")
        if endsAtAngle || (index..<end).contains(where: { needsBackslash(bytes, $0) }),
          GFMAutolink.canBeAngleAutolink(bytes, start: index, end: link)
        {
          // GFM keeps a backslash in its link and the link's text, also one
          // in the trimmed tail (`x=\_` links `x=\`) or before the `<` that
          // ends it: a CommonMark autolink of GFM's link instead, which every
          // reader links as it is and none reads markup in; the tail follows
          // it, escaped.
          result.append(UInt8(ascii: "<"))
          result.append(contentsOf: bytes[index..<link])
          result.append(UInt8(ascii: ">"))
          tailStart = end  // what follows is text: its backslashes join no link
          last = lastScalar(bytes, before: link)
          next = link
          continue
        }
      }
      if index < urlEnd, isBareInURL(bytes, index) || (index < linkedEnd && byte == UInt8(ascii: "~")) {
        result.append(bytes[index])  // `_`, `&`, `>`, or `~` inside a link (no markup in plain CommonMark)
      } else if index < linkedEnd, isBareInLink(bytes, index, linkedEnd: linkedEnd) {
        result.append(byte)
      } else if index >= tailStart, index < urlEnd,
        let spelled = tailSpelling(bytes, index, url: urlStart..<urlEnd, tailStart: tailStart)
      {
        result.append(contentsOf: spelled)
      } else if length == 1 && special.contains(byte) {
        if index >= linkedEnd { openBrackets += bracketChange(bytes, index, open: openBrackets) }
        result.append(0x5C)
        result.append(bytes[index])
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
        for offset in index..<index + length { result.append(bytes[offset]) }
      }
    }
    return bidi.enclose(String(decoding: result, as: UTF8.self))
  }

  /// +1 for a `[` of the text that opens a bracket (not after an odd run of
  /// backslashes, which escapes it in the text typed as Markdown), -1 for
  /// a `]` that closes one, else 0.
  static func bracketChange(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, open: Int) -> Int {
    let byte = bytes[index]
    guard byte == UInt8(ascii: "[") || (byte == UInt8(ascii: "]") && open > 0) else { return 0 }
    var backslashes = 0
    while index - backslashes > 0, bytes[index - backslashes - 1] == 0x5C { backslashes += 1 }
    guard backslashes % 2 == 0 else { return 0 }
    return byte == UInt8(ascii: "[") ? 1 : -1
  }

  /// The scalar that ends at byte `end` of valid UTF-8 (`end` > 0).
  static func lastScalar(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Unicode.Scalar {
    var start = end - 1
    while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return scalarAndLength(bytes, start).0
  }

  /// Whether `byte` is h, f or w in either case: every URL start begins with one.
  @inline(__always)
  static func startsURLs(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return lower == UInt8(ascii: "h") || lower == UInt8(ascii: "f") || lower == UInt8(ascii: "w")
  }

  /// The scalar starting at `index` of valid UTF-8, and its length in bytes.
  static func scalarAndLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (Unicode.Scalar, Int) {
    let (value, length) = ScalarScan.scalar(in: bytes, at: index)
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// Whether the byte at `index` of a bare URL would be written with a
  /// backslash: a ``special`` character ``isBareInURL(_:_:)`` does not leave
  /// bare (`~` counts: it is bare only inside a link GFM makes).
  static func needsBackslash(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    bytes[index] < 0x80 && specialASCII.contains(bytes[index]) && !isBareInURL(bytes, index)
  }

  /// `_` between ASCII letters or digits, `&` that starts no entity or
  /// character reference (``startsEntityReference(_:_:)``), or `>` (markup
  /// only at a line's start, where a cell never is). Bytes stand for
  /// scalars here: every character involved is ASCII, and a byte from 0x80
  /// belongs to a non-ASCII scalar.
  static func isBareInURL(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    func isAlphanumeric(_ at: Int) -> Bool { bytes.indices.contains(at) && isASCIIAlphanumeric(bytes[at]) }
    switch bytes[index] {
    case UInt8(ascii: "_"): return isAlphanumeric(index - 1) && isAlphanumeric(index + 1)
    case UInt8(ascii: "&"): return !startsEntityReference(bytes, index)
    case UInt8(ascii: ">"): return true
    default: return false
    }
  }

  /// Whether the `&` at `index` starts what CommonMark §2.5 decodes: `&#`
  /// and 1–7 decimal digits, `&#x` and 1–6 hex digits, or `&` and a name
  /// that is one of HTML5's (``HTML5EntityNames``), each followed by `;`.
  /// `&#;`, `&#x;`, `&#12345678;` and `&foo;` are none, so they are shown
  /// as they are.
  static func startsEntityReference(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (0x61...0x66).contains(byte | 0x20) }
    var start = index + 1
    let digits: (UInt8) -> Bool, first: (UInt8) -> Bool, most: Int
    if start < bytes.count, bytes[start] == UInt8(ascii: "#") {
      start += 1
      if start < bytes.count, bytes[start] | 0x20 == UInt8(ascii: "x") {
        start += 1
        (first, digits, most) = (isHexDigit, isHexDigit, 6)
      } else {
        (first, digits, most) = (isDigit, isDigit, 7)
      }
    } else {
      (first, digits, most) = (isASCIILetter, { isASCIILetter($0) || isDigit($0) }, 32)
    }
    guard start < bytes.count, first(bytes[start]) else { return false }
    var end = start + 1
    while end < bytes.count, end - start < most, digits(bytes[end]) { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return false }
    return bytes[index + 1] == UInt8(ascii: "#") || HTML5EntityNames.contains(bytes, start..<end)
  }

  /// A to Z or a to z.
  static func isASCIILetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }

  /// A to Z, a to z or 0 to 9.
  static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || (0x30...0x39).contains(byte) }

  /// URL starts GFM's autolink extension recognizes (extended URL and www
  /// autolinks, GFM §6.9), as lowercase ASCII.
  static let urlStarts: [[UInt8]] = ["https://", "http://", "ftp://", "www."].map { Array($0.utf8) }

  /// When a bare URL starts at byte `index` (`before` is the scalar before
  /// it, nil at the start of the text), the offset past its end: the next
  /// space, tab, line break or `<` (cmark-gfm's link runs over the rest,
  /// no-break spaces and controls included). Otherwise nil. A `www.` URL
  /// starts the text or follows a space, a tab or `*_~(`; a scheme URL
  /// follows anything but an ASCII letter, as cmark-gfm (GitHub) links it:
  /// its `url_match` finds the scheme by going back over letters only, so
  /// `"https://…` and `=https://…` are linked, `xhttps://…` is not.
  static func bareURLEnd(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, after before: Unicode.Scalar?) -> Int? {
    // Every start begins with h, f or w: most scalars end here, before the
    // (slower) white-space property of the one before.
    guard startsURLs(bytes[index]) else { return nil }
    func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 32 : byte }
    if let before {
      if lowercased(bytes[index]) == UInt8(ascii: "w") {
        // As written: a line break becomes `<br>`, other white space is not
        // ASCII (cmark-gfm's www_match looks at one byte).
        guard " \t*_~(".unicodeScalars.contains(before) else { return nil }
      } else {
        guard !(before.isASCII && isASCIILetter(UInt8(before.value))) else { return nil }
      }
    }
    // At least one scalar must follow the start.
    guard
      urlStarts.contains(where: { start in
        index + start.count < bytes.count && start.indices.allSatisfy { start[$0] == lowercased(bytes[index + $0]) }
      })
    else { return nil }
    var end = index
    while end < bytes.count {
      let (scalar, length) = scalarAndLength(bytes, end)
      // GFM's link runs up to ASCII white space or `<` as written: line
      // breaks become `<br>`, controls U+FFFD, a no-break space stays.
      if " \t\n\r<\u{2028}\u{2029}".unicodeScalars.contains(scalar) { break }
      end += length
    }
    return end
  }
}
