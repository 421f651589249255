@testable import PosttimReport
import PosttimTemplating

/// The Markdown escaper as it was before it worked on bytes (scalar by
/// scalar over an array, always the slow path): the reference
/// EscapingDifferentialTests compares ``MarkdownEscaping`` with.
enum ScalarMarkdownEscaping {
  static func escape(_ text: String) -> String {
    // Written from the rules as a String of scalars, the plainest way
    // (the escaper itself works on bytes).
    var result = String.UnicodeScalarView()
    var afterCR = false
    let scalars = Array(text.unicodeScalars)
    var urlEnd = -1  // scalars before this index belong to a bare URL
    var linkedEnd = -1  // scalars before this index are in the link GFM makes
    var writtenEnd = -1  // scalars before this index were written in an autolink
    var tailStart = -1  // scalars from here to urlEnd are trimmed off GFM's link
    var urlStart = -1
    var brackets = 0  // `[` of the text still open (GFM links no URL then)
    var unlinking = -1  // the `:` or `.` written with a backslash so GFM links nothing
    var bidi = BidiBalance()
    for (index, scalar) in scalars.enumerated() where bidi.admit(scalar) && index >= writtenEnd {
      defer { afterCR = scalar == "\r" }
      if index >= urlEnd, let end = bareURLEnd(in: scalars, at: index), brackets > 0 {
        unlinking = scalars[index..<end].firstIndex { $0 == ":" || $0 == "." }!
      } else if index >= urlEnd, let end = bareURLEnd(in: scalars, at: index) {
        urlEnd = end
        let link = linkEnd(scalars, index, end)
        linkedEnd = isLinked(scalars, index, end) ? link : index
        tailStart = isLinked(scalars, index, end) ? link : end
        urlStart = index
        let backslashed = (index..<end).contains { i in
          "\\`*_[]<>|~&".unicodeScalars.contains(scalars[i]) && !isBareInURL(scalars, i)
        }
        let endsAtAngle = end < scalars.count && scalars[end] == "<"
        if backslashed || endsAtAngle, canBeAutolink(scalars, index, link) {
          result.append("<")
          result.append(contentsOf: scalars[index..<link])
          result.append(">")
          writtenEnd = link
          tailStart = end
          continue
        }
      }
      let bare = index < urlEnd && (isBareInURL(scalars, index) || (index < linkedEnd && scalar == "~"))
      let inTail = index >= tailStart && index < urlEnd
      if !bare, index >= linkedEnd, scalar == "[" || (scalar == "]" && brackets > 0) {
        let backslashes = scalars[..<index].reversed().prefix { $0 == "\\" }.count
        if backslashes % 2 == 0 { brackets += scalar == "[" ? 1 : -1 }
      }
      switch scalar {
      case _ where bare: result.append(scalar)
      case _ where index < linkedEnd && isBareInLink(scalars, index, linkedEnd): result.append(scalar)
      case _ where index == unlinking: result.append(contentsOf: ["\\", scalar])
      case "&" where inTail: result.append(scalar)
      case _
      where inTail && "_*~".unicodeScalars.contains(scalar)
        && tailDelimiterIsBare(scalars, index, urlStart, tailStart, urlEnd):
        result.append(scalar)
      case "_" where inTail: result.append(contentsOf: "&lowbar;".unicodeScalars)
      case "*" where inTail: result.append(contentsOf: "&ast;".unicodeScalars)
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&": result.append(contentsOf: ["\\", scalar])
      case "\n" where afterCR: break  // CR LF is one break
      case "\n", "\r", "\u{2028}", "\u{2029}": result.append(contentsOf: "<br>".unicodeScalars)
      case _ where HTMLEscaping.isForbidden(scalar): result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return bidi.enclose(String(result))
  }

  /// Inside GFM's link of a URL that keeps backslashes: `\` before an ASCII
  /// letter, digit, space or tab; a `_` run after a letter or digit; a `*`
  /// run after a letter or digit and before ASCII punctuation of the link;
  /// `_` and `*` with no such character before them in the text.
  static func isBareInLink(_ scalars: [Unicode.Scalar], _ index: Int, _ linkedEnd: Int) -> Bool {
    let scalar = scalars[index]
    func isWord(_ other: Unicode.Scalar) -> Bool {
      if other.isASCII { return other.properties.isAlphabetic || ("0"..."9").contains(other) }
      let word: [Unicode.GeneralCategory] = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
        .letterNumber, .otherNumber,
      ]
      return word.contains(other.properties.generalCategory)
    }
    switch scalar {
    case "\\":
      guard index + 1 < scalars.count else { return false }
      let next = scalars[index + 1]
      return next.isASCII && (isWord(next) || next == " " || next == "\t")
    case "_", "*":
      let start = index - scalars[..<index].reversed().prefix { $0 == scalar }.count
      let end = index + scalars[index...].prefix { $0 == scalar }.count
      let afterWord = start > 0 && isWord(scalars[start - 1]) && !scalars[..<start].contains(scalar)
      if scalar == "_" { return afterWord }
      return end < linkedEnd && afterWord && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(scalars[end])
    default: return false
    }
  }

  /// A `_`, `*` or `~` in the tail GFM trims: bare when its run cannot
  /// open emphasis or strikethrough (after an ASCII letter or digit that
  /// ends the link, or up to the URL's end then a space, a tab or the
  /// text's end), with no such character before it in the text.
  static func tailDelimiterIsBare(
    _ scalars: [Unicode.Scalar], _ index: Int, _ urlStart: Int, _ tailStart: Int, _ urlEnd: Int
  ) -> Bool {
    let scalar = scalars[index]
    let runStart = index - scalars[tailStart..<index].reversed().prefix { $0 == scalar }.count
    let runEnd = index + scalars[index..<urlEnd].prefix { $0 == scalar }.count
    let previous = scalars[runStart - 1]
    let afterAlphanumeric =
      runStart == tailStart && previous.isASCII && (previous.properties.isAlphabetic || ("0"..."9").contains(previous))
    let beforeSpace = runEnd == urlEnd && (urlEnd == scalars.count || " \t".unicodeScalars.contains(scalars[urlEnd]))
    return (afterAlphanumeric || beforeSpace) && !scalars[..<runStart].contains(scalar)
  }

  /// `_` between ASCII letters or digits, `>`, or `&` that starts no entity
  /// or character reference.
  static func isBareInURL(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
    func isAlphanumeric(_ at: Int) -> Bool {
      scalars.indices.contains(at) && scalars[at].isASCII && scalars[at].properties.isAlphabetic
        || scalars.indices.contains(at) && ("0"..."9").contains(scalars[at])
    }
    switch scalars[index] {
    case "_": return isAlphanumeric(index - 1) && isAlphanumeric(index + 1)
    case "&":
      // CommonMark §2.5: &name; (an HTML5 entity name), &#1–7 digits;, &#x1–6 hex digits;.
      let tail = String(String.UnicodeScalarView(scalars[(index + 1)...].prefix(40)))
      // Scalar semantics: a `;` followed by a combining mark still ends the reference.
      let reference = /^([A-Za-z][A-Za-z0-9]{0,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});/.matchingSemantics(
        .unicodeScalar)
      guard let match = try? reference.prefixMatch(in: tail) else { return true }
      let name = String(match.output.1)
      return !name.hasPrefix("#") && !HTML5EntityNames.sorted.contains(name)
    case ">": return true
    default: return false
    }
  }

  /// GFM's link end in `scalars[start..<end]` (cmark-gfm `autolink_delim`).
  static func linkEnd(_ scalars: [Unicode.Scalar], _ start: Int, _ end: Int) -> Int {
    var end = end
    while end > start {
      let last = scalars[end - 1]
      if "?!.,:*_~'\"".unicodeScalars.contains(last) {
        end -= 1
      } else if last == ";" {
        var back = end - 2
        while back > start, ("a"..."z").contains(scalars[back]) || ("A"..."Z").contains(scalars[back]) { back -= 1 }
        end = back < end - 2 && scalars[back] == "&" ? back : end - 1
      } else if last == ")" {
        let opening = scalars[start..<end].filter { $0 == "(" }.count
        let closing = scalars[start..<end].filter { $0 == ")" }.count
        if closing <= opening { break }
        end -= 1
      } else {
        break
      }
    }
    return end
  }

  /// ASCII letters and digits; other scalars unless punctuation or space.
  static func isHost(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
    let notHost: [Unicode.GeneralCategory] = [
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation, .spaceSeparator, .lineSeparator, .paragraphSeparator,
    ]
    return !notHost.contains(scalar.properties.generalCategory) && !scalar.properties.isWhitespace
  }

  /// Whether GFM links the URL at `start` (cmark-gfm `sd_autolink_issafe`, `check_domain`).
  static func isLinked(_ scalars: [Unicode.Scalar], _ start: Int, _ end: Int) -> Bool {
    var domain = start
    if scalars[start] != "w" && scalars[start] != "W" {
      guard let colon = scalars[start..<end].firstIndex(of: ":"), colon + 3 < end, isHost(scalars[colon + 3]) else {
        return false
      }
      domain = colon + 3
    }
    var labels = [0]  // underscores per label
    for scalar in scalars[(domain + 1)..<end] {
      if scalar == "_" {
        labels[labels.count - 1] += 1
      } else if scalar == "." {
        labels.append(0)
      } else if !isHost(scalar) && scalar != "-" {
        break
      }
    }
    return labels.suffix(2).allSatisfy { $0 == 0 }
  }

  /// A scheme URL whose scalars a CommonMark autolink takes as they are.
  static func canBeAutolink(_ scalars: [Unicode.Scalar], _ start: Int, _ end: Int) -> Bool {
    if scalars[start] == "w" || scalars[start] == "W" { return false }
    return (start..<end).allSatisfy { index in
      let scalar = scalars[index]
      if scalar == "&" { return isBareInURL(scalars, index) }
      return !">|\u{7F}\u{2028}\u{2029}".unicodeScalars.contains(scalar) && scalar.value >= 0x20
        && !HTMLEscaping.isForbidden(scalar) && !BidiBalance.isFormatting(scalar.value)
    }
  }

  /// URL starts GFM's autolink extension recognizes (extended URL and www
  /// autolinks, GFM §6.9), as ASCII.
  static let urlStarts: [[Unicode.Scalar]] = ["https://", "http://", "ftp://", "www."].map { Array($0.unicodeScalars) }

  /// When a bare URL starts at `index` (a scheme after anything but an
  /// ASCII letter; `www.` at the start of the text, or after a space, a tab
  /// or `*_~(`), the index past its end: the next space, tab, line break or
  /// `<`. Otherwise nil.
  static func bareURLEnd(in scalars: [Unicode.Scalar], at index: Int) -> Int? {
    // Every start begins with h, f or w: most scalars end here, before the
    // (slower) white-space property of the one before.
    switch scalars[index] {
    case "h", "H", "f", "F", "w", "W": break
    default: return nil
    }
    if index > 0 {
      // www.: GFM §6.9's rule; a scheme: anything but an ASCII letter (cmark-gfm's url_match).
      let before = scalars[index - 1]
      if scalars[index] == "w" || scalars[index] == "W" {
        guard " \t*_~(".unicodeScalars.contains(before) else { return nil }
      } else {
        guard !(("a"..."z").contains(before) || ("A"..."Z").contains(before)) else { return nil }
      }
    }
    func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
      ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
    guard
      Self.urlStarts.contains(where: { start in
        index + start.count < scalars.count && zip(start, scalars[index...]).allSatisfy { $0 == lowercased($1) }
      })
    else { return nil }
    var end = index
    while end < scalars.count, !" \t\n\r<\u{2028}\u{2029}".unicodeScalars.contains(scalars[end]) { end += 1 }
    return end
  }
}

/// The HTML escaper as it was before it worked on bytes (scalar by scalar,
/// always the slow path): the reference for ``HTMLEscaping``.
enum ScalarHTMLEscaping {
  static func escape(_ s: String) -> String {
    var out: [UInt8] = []
    var bidi = BidiBalance()
    for scalar in s.unicodeScalars where bidi.admit(scalar) {
      switch scalar {
      case "&": out.append(contentsOf: "&amp;".utf8)
      case "<": out.append(contentsOf: "&lt;".utf8)
      case ">": out.append(contentsOf: "&gt;".utf8)
      case "\"": out.append(contentsOf: "&quot;".utf8)
      case "'": out.append(contentsOf: "&#39;".utf8)
      case "\t", "\n", "\r": out.append(UInt8(scalar.value))
      case _ where HTMLEscaping.isForbidden(scalar): out.append(contentsOf: "\u{FFFD}".utf8)
      default: UTF8.encode(scalar) { out.append($0) }
      }
    }
    return bidi.enclose(String(decoding: out, as: UTF8.self))
  }
}
