import FoundationEssentials
import PosttimICU
import PosttimReport
import PosttimTemplating

/// `preview --report FILE`: the first day of the task list's agenda, as a
/// report shows it, in each requested locale one after the other, so a
/// designer sees the real day headers, column labels, times and counts of
/// every language on one screen. The day is the first day section from
/// "now" on (overdue tasks are left out); `--skeleton`/`--pattern` replace
/// the task time format, as they do in a report.
struct PreviewAgenda {
  struct Part {
    /// The locale exactly as given on the command line.
    let localeInput: String
    let locale: LocaleIdentifier
    let view: ReportView
    /// The first day section, or nil when no task falls on or after today.
    let day: SectionView?
  }

  let file: String
  let timeZone: TimeZoneIdentifier
  let now: Date
  let parts: [Part]

  /// Builds each locale's agenda with the report's own code
  /// (``AgendaBuilder``, ``ReportPresenter``, the shipped catalogs).
  /// - Throws: ``ICUError`` when ICU cannot open a formatter or collator.
  init(_ request: PreviewRequest, file: String, tasks: [TaskEntry], warn: @escaping @Sendable (String) -> Void) throws {
    self.file = file
    timeZone = request.timeZone
    now = request.dates[0]
    var parts: [Part] = []
    for (input, locale) in request.locales {
      let calendar = try DayCalendar(timeZone: request.timeZone, locale: locale)
      let agenda = AgendaBuilder(calendar: calendar, collator: try ICUCollator(locale: locale))
        .build(tasks, options: AgendaOptions(now: now))
      let catalog = MessageCatalog(locale: locale, resources: EmbeddedResources(), warn: warn)
      var settings = ReportSettings(locale: locale, timeZone: request.timeZone)
      if request.specs.count == 1, request.specs[0].label == nil { settings.timeFormat = request.specs[0].spec }
      let view = try ReportPresenter(settings: settings, calendar: calendar, catalog: catalog).view(of: agenda)
      parts.append(Part(localeInput: input, locale: locale, view: view, day: view.sections.first { $0.kind == "day" }))
    }
    self.parts = parts
  }

  /// "first agenda day of listeDesTaches.plist in America/Toronto at 2026-11-30T14:00:00Z".
  var summary: String {
    let name = file == "-" ? "stdin" : URL(fileURLWithPath: file).lastPathComponent
    return "first agenda day of \(name) in \(timeZone.id) at \(ISO8601.utcString(now))"
  }

  func write<Output: TextOutputStream>(_ format: PreviewRequest.Format, to output: inout Output) {
    format == .html ? writeHTML(to: &output) : writeText(to: &output)
  }

  /// Per locale: the locale and the day's header, a ``TextTable`` of time
  /// and task under the locale's own column labels, the count line.
  /// Right-to-left text is isolated (UAX #9) so it cannot reorder the
  /// locale name or the columns.
  func writeText<Output: TextOutputStream>(to output: inout Output) {
    output.write(TerminalText.singleLine(summary) + "\n")
    for part in parts {
      output.write("\n")
      guard let day = part.day else {
        output.write("\(part.localeInput)  \(BidiIsolation.isolated(TerminalText.singleLine(part.view.emptyLine)))\n")
        continue
      }
      output.write("\(part.localeInput)  \(BidiIsolation.isolated(TerminalText.singleLine(day.title)))\n")
      let labels = part.view.labels
      let table = TextTable(
        columns: [.init(labels.time), .init(labels.task, maxWidth: 60)],
        rows: day.tasks.map { [$0.when, $0.displayTitle] })
      for line in table.lines() { output.write("  " + line + "\n") }
      output.write("  " + BidiIsolation.isolated(TerminalText.singleLine(day.countLine)) + "\n")
    }
  }

  /// An HTML5 document (WHATWG HTML): per locale a `section` with the
  /// locale's `lang` (BCP 47) and `dir`, the day header, a table of time
  /// and task under the locale's column labels, and the count line, in the
  /// report's own styles (``PreviewStyles``).
  func writeHTML<Output: TextOutputStream>(to output: inout Output) {
    let escape = HTMLEscaping.escape
    let style = PreviewStyles()
    output.write(
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <title>posttim-report preview: \(escape(summary))</title>
      \(style.rules)
      \(style.sheet)
      </head>
      <body>
      <p class="q">\(escape(summary))</p>

      """)
    for part in parts {
      let view = part.view
      output.write("<section lang=\"\(escape(view.languageTag))\" dir=\"\(view.direction)\">\n")
      let locale = "<code lang=\"en\" dir=\"ltr\">\(escape(part.localeInput))</code>"
      guard let day = part.day else {
        output.write("<h2>\(locale)</h2>\n<p>\(escape(view.emptyLine))</p>\n</section>\n")
        continue
      }
      output.write("<h2>\(locale) \(escape(day.title))</h2>\n<table>\n<thead>\n")
      output.write("<tr><th>\(escape(view.labels.time))</th><th>\(escape(view.labels.task))</th></tr>\n")
      output.write("</thead>\n<tbody>\n")
      for task in day.tasks {
        // Titles are the user's text, in any script: dir="auto" as in the report.
        output.write(
          "<tr><td><time datetime=\"\(task.dateUTC)\">\(escape(task.when))</time></td>"
            + "<td dir=\"auto\">\(escape(task.displayTitle))</td></tr>\n")
      }
      output.write("</tbody>\n</table>\n<p class=\"q\">\(escape(day.countLine))</p>\n</section>\n")
    }
    output.write("</body>\n</html>\n")
  }
}
