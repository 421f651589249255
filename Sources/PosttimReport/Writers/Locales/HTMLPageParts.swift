import PosttimICU
import PosttimTemplating

/// One locale's HTML page cut into what `html/locales.mustache` places in
/// a several-locale document: the page up to its `<body …>` tag (`head`;
/// the first locale's opens the document) and what lies inside `<body>`
/// (`body`).
///
/// A page is whatever the user's layout made of it, so it is cut at its
/// tags rather than rebuilt. So that one document stays valid HTML (the Nu
/// checker's rules), every `id` in a body, and every `href="#…"` and
/// `aria-labelledby` naming one, get the prefix "TAG-" (the full BCP 47
/// tag, ``ReportView/localeTag``: "ar-EG-day-2026-11-30",
/// "ja-JP-u-ca-japanese-day-2026-11-30"; the run refuses two locales with
/// one such tag, so two parts never share a prefix), and a page's own `<main>` becomes a `<div>` (a
/// document has one `<main>`). Task text is HTML-escaped (`"` is
/// `&quot;`), so these attribute spellings only ever occur in the
/// templates' markup.
enum HTMLPageParts {
  /// `head` and `body` of `page`, for the layout's context.
  static func members(_ page: String, _ report: ReportView) -> [String: TemplateValue] {
    [
      "head": .string(head(of: page)),
      "body": .string(prefixedBody(of: page, with: report.localeTag + "-")),
    ]
  }

  /// The page up to and including its `<body …>` tag; empty when it has none.
  static func head(of page: String) -> String {
    utf8(of: page) { bytes in
      guard let end = bodyTagEnd(in: bytes) else { return "" }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    }
  }

  /// What lies between `<body …>` and `</body>` (the whole page without a
  /// body tag), its IDs and references to them made unique to one part,
  /// `<main>` made a `<div>`, the line feed after `<body …>` left out. One
  /// pass over the UTF-8: the page of a long list is tens of megabytes, and
  /// Foundation's `replacingOccurrences` copied it to UTF-16 once a pattern.
  static func prefixedBody(of page: String, with prefix: String) -> String {
    utf8(of: page) { prefixingIDs(in: bodyBytes($0), with: prefix) }
  }

  /// The patterns replaced, in ASCII: none is part of another, and no
  /// replacement makes one.
  private static func replacements(_ prefix: String) -> [(from: [UInt8], to: [UInt8])] {
    [
      (" id=\"", " id=\"" + prefix), ("href=\"#", "href=\"#" + prefix),
      ("aria-labelledby=\"", "aria-labelledby=\"" + prefix), ("<main>", "<div>"), ("</main>", "</div>"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }
  }

  private static func prefixingIDs(in html: UnsafeBufferPointer<UInt8>, with prefix: String) -> String {
    var bytes = html[...]
    if bytes.first == UInt8(ascii: "\n") { bytes = bytes.dropFirst() }
    return LiteralReplacement.replacing(replacements(prefix), in: bytes) ?? String(decoding: bytes, as: UTF8.self)
  }

  /// Just past the `>` of the first `<body …>` tag.
  private static func bodyTagEnd(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let start = find(Array("<body".utf8), in: bytes[...]),
      let close = bytes[(start + 5)...].firstIndex(of: UInt8(ascii: ">"))
    else { return nil }
    return close + 1
  }

  /// The bytes between the `<body …>` tag and the last `</body>` (the
  /// whole page without a body tag).
  private static func bodyBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let start = bodyTagEnd(in: bytes) else { return bytes }
    let end = findLast(Array("</body>".utf8), in: bytes[...]) ?? bytes.count
    return UnsafeBufferPointer(rebasing: bytes[start..<max(start, end)])
  }

  private static func find(_ pattern: [UInt8], in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    var index = bytes.startIndex
    while let first = bytes[index...].firstIndex(of: pattern[0]) {
      if LiteralReplacement.starts(bytes, at: first, with: pattern) { return first }
      index = first + 1
    }
    return nil
  }

  private static func findLast(_ pattern: [UInt8], in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    var index = bytes.endIndex - pattern.count
    while index >= bytes.startIndex {
      if LiteralReplacement.starts(bytes, at: index, with: pattern) { return index }
      index -= 1
    }
    return nil
  }

  private static func utf8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var text = text
    return text.withUTF8(body)
  }
}
