import PosttimTemplating

extension TemplateReportWriter {
  /// The layout of a several-locale output: `locales.mustache` in the
  /// writer's folder (a user's `--template-dir` first).
  public static let localesLayout = "locales"

  /// Several locales' reports as one output, laid out by the folder's
  /// ``localesLayout``; without one, one report after the other.
  ///
  /// Each locale's page is rendered by ``write(_:to:)`` as usual (default
  /// or the user's templates), then the layout places it. Its context:
  /// - `locales`: per locale `name` (its name in its own language,
  ///   ``ReportView/nativeLocaleName``), `languageTag` (for `lang`),
  ///   `localeTag` (unique to the locale, for IDs: ``ReportView/localeTag``),
  ///   `direction`, `localeID`, `first` (true for the first), `page` (the whole page)
  ///   and what the writer's page parts add (HTML: `head`, `body`;
  ///   ``HTMLPageParts``);
  /// - `first`: the first locale's entry (`{{{first.head}}}`).
  /// - Throws: `TemplateError` when a page or the layout fails.
  public func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) throws {
    guard let layout = try partials.template(named: Self.localesLayout) else {
      for report in reports { try write(report, to: &output) }
      return
    }
    let layoutSize = try Self.checkIncludes(of: layout, in: partials, aliases: aliases)
    var locales: [TemplateValue] = []
    var pageBytes = 0
    for (index, report) in reports.enumerated() {
      var page = ""
      try write(report, to: &page)
      pageBytes &+= page.utf8.count
      var members: [String: TemplateValue] = [
        "name": .string(report.nativeLocaleName), "languageTag": .string(report.languageTag),
        "localeTag": .string(report.localeTag),
        "direction": .string(report.direction), "localeID": .string(report.localeID), "first": .bool(index == 0),
        "page": .string(page),
      ]
      members.merge(pageParts(page, report)) { _, part in part }
      locales.append(.object(members))
    }
    // The pages it places are as long as their tasks make them, and it
    // writes their bytes.
    let tasks = reports.reduce(0) { $0 + $1.taskCount }
    try layout.render(
      .object(["locales": .list(locales), "first": locales[0]]), partials: partials, escape: escape,
      budget: layoutSize.budget(items: tasks, textBytes: pageBytes), into: &output)
  }
}
