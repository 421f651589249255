import PosttimTemplating

/// One locale's HTML page cut into what `html/locales.mustache` places in
/// a several-locale document: the page up to its `<body …>` tag (`head`;
/// the first locale's opens the document) and what lies inside `<body>`
/// (`body`).
///
/// A page is whatever the user's layout made of it, so it is cut at its
/// tags rather than rebuilt. So that one document stays valid HTML (the Nu
/// checker's rules), every `id` in a body, and every `href="#…"` and
/// `aria-labelledby` naming one, get the prefix "TAG-" (the BCP 47 tag:
/// "ar-EG-day-2026-11-30"), and a page's own `<main>` becomes a `<div>` (a
/// document has one `<main>`). Task text is HTML-escaped (`"` is
/// `&quot;`), so these attribute spellings only ever occur in the
/// templates' markup.
enum HTMLPageParts {
  /// `head` and `body` of `page`, for the layout's context.
  static func members(_ page: String, _ report: ReportView) -> [String: TemplateValue] {
    [
      "head": .string(head(of: page)),
      "body": .string(prefixingIDs(in: body(of: page), with: report.languageTag + "-")),
    ]
  }

  /// The page up to and including its `<body …>` tag; empty when it has none.
  static func head(of page: String) -> String {
    let end =
      page.range(of: "<body").flatMap { page[$0.upperBound...].firstIndex(of: ">") }
      .map { page.index(after: $0) } ?? page.startIndex
    return String(page[..<end])
  }

  /// What lies between `<body …>` and `</body>`.
  static func body(of page: String) -> Substring {
    guard let open = page.range(of: "<body"), let close = page[open.upperBound...].firstIndex(of: ">") else {
      return page[...]
    }
    let start = page.index(after: close)
    let end = page.range(of: "</body>", options: .backwards)?.lowerBound ?? page.endIndex
    return page[start..<max(start, end)]
  }

  /// IDs and references to them made unique to one part; `<main>` made a
  /// `<div>`; the line feed after `<body …>` left out.
  static func prefixingIDs(in html: Substring, with prefix: String) -> String {
    var text = String(html)
    for (from, to) in [
      (" id=\"", " id=\"" + prefix), ("href=\"#", "href=\"#" + prefix),
      ("aria-labelledby=\"", "aria-labelledby=\"" + prefix), ("<main>", "<div>"), ("</main>", "</div>"),
    ] {
      text = text.replacingOccurrences(of: from, with: to)
    }
    return text.hasPrefix("\n") ? String(text.dropFirst()) : text
  }
}
