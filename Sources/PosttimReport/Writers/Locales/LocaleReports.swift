import PosttimICU
import PosttimTemplating

/// The reports of one agenda in several locales (`-l fr_CA,ar_EG,ja_JP`),
/// written as one output in a writer's format.
///
/// Every view must come from the same ``Agenda`` (same sections, same tasks
/// in the same order); only words, dates and digits differ. With one view
/// the output is exactly the writer's own. With several:
/// - `markdown`: per locale an ATX heading with the locale's name in its own
///   language (`# français (Canada)`), a blank line, then that locale's report.
/// - `text`: the name, a line of `=` as wide as the name (UAX #11 columns),
///   a blank line, then the report; reports are separated by a blank line.
/// - `html`: one document (``LocaleReportsHTML``).
/// - `csv`: one table, a first column `locale` (the ICU locale ID) before the
///   one-locale columns; one header row, the locales' rows in turn.
/// - `json`: `{"schemaVersion": 1, "generator": {…}, "reports": [ … ]}`, each
///   report exactly the one-locale document (docs/json-schema.md).
/// - `ics`: the first locale's calendar (SUMMARY in the first locale).
/// - `email`: one multi-language message (``EmailReportWriter/message(for:)``).
/// - any other writer: the reports one after the other.
public enum LocaleReports {
  /// Writes `views` with `writer` into `output`.
  /// - Precondition: `views` is not empty.
  /// - Throws: what `writer` throws (a template error, ``MailError``).
  public static func write<Output: TextOutputStream>(
    _ views: [ReportView], with writer: any ReportWriter, to output: inout Output
  ) throws {
    precondition(!views.isEmpty, "no report to write")
    if views.count == 1 { return try writer.write(views[0], to: &output) }
    switch writer {
    case let writer as TemplateReportWriter where writer.format == "html":
      output.write(try LocaleReportsHTML.document(views, writer: writer))
    case let writer as TemplateReportWriter where writer.format == "markdown":
      for (index, view) in views.enumerated() {
        output.write((index == 0 ? "" : "\n") + "# " + MarkdownEscaping.escape(nativeName(of: view)) + "\n\n")
        try writer.write(view, to: &output)
      }
    case let writer as TextReportWriter:
      for (index, view) in views.enumerated() {
        let name = TerminalText.singleLine(nativeName(of: view))
        output.write((index == 0 ? "" : "\n") + writer.styled(name, .bold) + "\n")
        output.write(String(repeating: "=", count: max(1, DisplayWidth.of(name))) + "\n\n")
        writer.write(view, to: &output)
      }
    case let writer as CSVReportWriter: writer.write(views, to: &output)
    case let writer as JSONReportWriter: writer.write(views, to: &output)
    case let writer as ICalendarReportWriter: writer.write(views[0], to: &output)
    case let writer as EmailReportWriter:
      output.write(try writer.message(for: views).rendered(boundary: MIMEMessage.makeBoundary()))
    default:
      for view in views { try writer.write(view, to: &output) }
    }
  }

  /// The view's locale named in its own language ("français (Canada)",
  /// "العربية (مصر)"), from ICU's display names (`uloc_getDisplayName`).
  public static func nativeName(of view: ReportView) -> String {
    guard let locale = try? LocaleIdentifier(view.localeID) else { return view.localeID }
    return locale.displayName(in: locale)
  }
}
