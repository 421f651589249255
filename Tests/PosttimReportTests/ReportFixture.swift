import Foundation
import PosttimICU
import PosttimReport
import TestSupport

/// The example rendered as the golden files expect: now 2026-11-30T14:00Z
/// (09:00 in Toronto), locale fr_CA, zone America/Toronto.
struct ReportFixture {
  static let now = Date(timeIntervalSince1970: 1_796_047_200)  // 2026-11-30T14:00:00Z

  let settings: ReportSettings
  let calendar: DayCalendar
  let presenter: ReportPresenter

  init(locale: String = "fr_CA", zone: String = "America/Toronto", relative: Bool = true) throws {
    let locale = try LocaleIdentifier(locale)
    settings = ReportSettings(
      locale: locale, timeZone: try TimeZoneIdentifier(zone), relativeDayNames: relative,
      generator: "posttim-report (tests)")
    calendar = try DayCalendar(timeZone: settings.timeZone, locale: locale)
    presenter = try ReportPresenter(
      settings: settings, calendar: calendar,
      catalog: MessageCatalog(locale: locale, resources: EmbeddedResources()))
  }

  /// A presenter of these settings with `change` made, and `catalog`
  /// (the shipped catalogs' when nil).
  func presenter(
    changing change: (inout ReportSettings) -> Void, catalog: MessageCatalog? = nil
  ) throws -> ReportPresenter {
    var settings = settings
    change(&settings)
    return try ReportPresenter(
      settings: settings, calendar: calendar,
      catalog: catalog ?? MessageCatalog(locale: settings.locale, resources: EmbeddedResources()))
  }

  func agenda(_ tasks: [TaskEntry], options: AgendaOptions? = nil) throws -> Agenda {
    let builder = AgendaBuilder(calendar: calendar, collator: try ICUCollator(locale: settings.locale))
    return builder.build(tasks, options: options ?? AgendaOptions(now: Self.now))
  }

  func exampleView() throws -> ReportView {
    presenter.view(of: try agenda(TaskListLoader().load(TestPaths.example.path)))
  }

  func render(_ writer: any ReportWriter, _ view: ReportView) throws -> String {
    var text = ""
    try writer.write(view, to: &text)
    return text
  }
}
