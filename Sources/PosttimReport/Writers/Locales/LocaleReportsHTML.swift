import PosttimTemplating

/// Several locales' HTML reports as one HTML5 document.
///
/// Each locale's page is rendered by the HTML writer as usual (default or
/// the user's templates); the document keeps the first page's `<head>` and
/// `<body>` tag, then:
/// - a `<nav>` listing the languages, each named in its own language
///   (``LocaleReports/nativeName(of:)``) with its own `lang` and `dir`, and
///   linking to its part;
/// - one `<main>` holding, per locale, `<article id="locale-TAG" lang="TAG"
///   dir="ltr|rtl">` with the content of that page's `<body>`.
///
/// So one document stays valid HTML (the Nu checker's rules), every `id`
/// in a part, and every `href="#…"` and `aria-labelledby` naming one, get
/// the prefix "TAG-" (the BCP 47 tag: "ar-EG-day-2026-11-30"), and a
/// page's own `<main>` becomes a `<div>` (a document has one `<main>`).
/// Task text is HTML-escaped (`"` is `&quot;`), so these attribute
/// spellings only ever occur in the templates' markup.
public enum LocaleReportsHTML {
  /// - Throws: what the writer throws (a template error).
  public static func document(_ views: [ReportView], writer: TemplateReportWriter) throws -> String {
    var parts: [(view: ReportView, page: String)] = []
    for view in views {
      var page = ""
      try writer.write(view, to: &page)
      parts.append((view, page))
    }
    let first = parts[0].page
    // The first page up to and including its <body …> tag; the whole page when it has none.
    let bodyStart =
      first.range(of: "<body").flatMap { first[$0.upperBound...].firstIndex(of: ">") }
      .map { first.index(after: $0) } ?? first.startIndex
    var document = String(first[..<bodyStart]) + "\n" + index(views) + "<main>\n"
    for (view, page) in parts {
      let id = "locale-" + view.languageTag
      document +=
        "<article id=\"\(id)\" lang=\"\(view.languageTag)\" dir=\"\(view.direction)\""
        + " aria-label=\"\(HTMLEscaping.escape(LocaleReports.nativeName(of: view)))\""
        + " style=\"margin:0 0 24px 0;\">\n"
      document += prefixingIDs(in: bodyContent(of: page), with: view.languageTag + "-") + "</article>\n"
    }
    return document + "</main>\n</body>\n</html>\n"
  }

  /// The list of languages at the top.
  static func index(_ views: [ReportView]) -> String {
    var nav = "<nav style=\"margin:0 0 16px 0;\">\n<ul style=\"margin:0;padding:0;list-style:none;\">\n"
    for view in views {
      nav +=
        "<li style=\"display:inline-block;margin:0 16px 4px 0;\"><a href=\"#locale-\(view.languageTag)\""
        + " lang=\"\(view.languageTag)\" dir=\"\(view.direction)\" hreflang=\"\(view.languageTag)\""
        + " style=\"color:#0b57d0;\">\(HTMLEscaping.escape(LocaleReports.nativeName(of: view)))</a></li>\n"
    }
    return nav + "</ul>\n</nav>\n"
  }

  /// What lies between `<body …>` and `</body>`.
  static func bodyContent(of page: String) -> Substring {
    guard let open = page.range(of: "<body"), let close = page[open.upperBound...].firstIndex(of: ">") else {
      return page[...]
    }
    let start = page.index(after: close)
    let end = page.range(of: "</body>", options: .backwards)?.lowerBound ?? page.endIndex
    return page[start..<max(start, end)]
  }

  /// IDs and references to them made unique to one part; `<main>` made a `<div>`.
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
