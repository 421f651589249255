import Foundation
import PosttimReport  // re-exports PosttimICU: LocaleIdentifier, DayCalendar, the comparison helpers

/// Today's and tomorrow's tasks of the list at `path`, in French (Canada) and
/// Toronto time: returned as Markdown, and written to `icsPath` as iCalendar.
func frenchAgenda(of path: String, now: Date, icsPath: String) throws -> String {
  let settings = ReportSettings(
    locale: try LocaleIdentifier("fr_CA"), timeZone: try TimeZoneIdentifier("America/Toronto"),
    timeFormat: .skeleton("jm"))
  let calendar = try DayCalendar(timeZone: settings.timeZone, locale: settings.locale)
  // 1. Load a task list (XML or binary property list).
  let tasks = try TaskListLoader().load(path)
  // 2. Build the agenda: today and tomorrow, one section per local day.
  let today = calendar.day(of: now)
  let agenda = AgendaBuilder(calendar: calendar, collator: try ICUCollator(locale: settings.locale))
    .build(tasks, options: AgendaOptions(now: now, from: today, to: today.advanced(by: 1)))
  // 3. Localize it once, then render it in any format: to a string…
  let catalog = MessageCatalog(locale: settings.locale, resources: EmbeddedResources())
  let view = try ReportPresenter(settings: settings, calendar: calendar, catalog: catalog).view(of: agenda)
  var markdown = ""
  try TemplateReportWriter.markdown(options: WriterOptions()).write(view, to: &markdown)
  // …or to a file, written atomically (temporary file, then rename).
  var file = try OutputFile(path: icsPath)
  try ICalendarReportWriter().write(view, to: &file.stream)
  try file.commit()
  return markdown
}
