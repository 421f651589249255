import PosttimICU
import PosttimReport

/// The agenda built from the tasks, and its view in every locale of the
/// plan, with the ICU objects whose recorded failures end the run.
struct PresentedReport {
  let agenda: Agenda
  /// One per locale, in the plan's order; every view lists the same tasks.
  let views: [ReportView]
  /// The presenters, then the collator: each left a value blank where ICU
  /// failed, and keeps the first failure.
  let failureSources: [any ICUFailureReporting]

  /// The first failure any of them recorded.
  var firstFailure: ICUError? { failureSources.firstFailure }
}

extension PresentedReport {
  /// Builds one agenda (grouping, week starts and collation tie-breaks
  /// follow the first locale) and presents it in each locale.
  /// - Throws: ``ICUError`` when ICU cannot open a calendar, collator or
  ///   formatter.
  init(moving tasks: inout [TaskEntry], plan: RunPlan, warn: @escaping @Sendable (String) -> Void) throws {
    let locales = plan.presentation.locales
    let calendar = try DayCalendar(timeZone: locales[0].timeZone, locale: locales[0].locale)
    let collator = try ICUCollator(locale: locales[0].locale)
    let agenda = AgendaBuilder(calendar: calendar, collator: collator)
      .build(moving: &tasks, options: plan.window.agendaOptions)
    var presenters: [ReportPresenter] = []
    for settings in locales {
      let catalog = MessageCatalog(locale: settings.locale, resources: plan.presentation.resources, warn: warn)
      let localCalendar =
        presenters.isEmpty ? calendar : try DayCalendar(timeZone: settings.timeZone, locale: settings.locale)
      presenters.append(try ReportPresenter(settings: settings, calendar: localCalendar, catalog: catalog))
    }
    self.agenda = agenda
    views = presenters.map { $0.view(of: agenda) }
    failureSources = presenters + [collator]
  }
}
