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
  /// The ICU objects a report is presented with, made before its agenda:
  /// the agenda's calendar and collator (the first locale's) and one
  /// presenter per locale of the plan.
  struct Objects: Sendable {
    let agendaCalendar: DayCalendar
    let collator: ICUCollator
    let presenters: [ReportPresenter]

    /// - Throws: ``ICUError`` when ICU cannot open a calendar, collator or
    ///   formatter.
    /// - Parameter kept: ICU objects kept from earlier reports (a roster's
    ///   readers), used and added to; nil to make them all.
    init(plan: RunPlan, warn: @escaping @Sendable (String) -> Void, kept: KeptPresenters? = nil) throws {
      let locales = plan.presentation.locales
      let resources = plan.presentation.resources
      var presenters: [ReportPresenter] = []
      var calendar: DayCalendar?
      if let (first, presenter) = try kept?.presenter(for: locales[0], resources: resources, warn: warn) {
        (calendar, presenters) = (first, [presenter])
      }
      let agendaCalendar = try calendar ?? DayCalendar(timeZone: locales[0].timeZone, locale: locales[0].locale)
      collator = try kept?.collator(for: locales[0].locale) ?? ICUCollator(locale: locales[0].locale)
      for settings in locales.dropFirst(presenters.count) {
        if let (_, presenter) = try kept?.presenter(for: settings, resources: resources, warn: warn) {
          presenters.append(presenter)
          continue
        }
        let catalog = MessageCatalog(locale: settings.locale, resources: resources, warn: warn)
        let localCalendar =
          presenters.isEmpty ? agendaCalendar : try DayCalendar(timeZone: settings.timeZone, locale: settings.locale)
        presenters.append(try ReportPresenter(settings: settings, calendar: localCalendar, catalog: catalog))
      }
      self.agendaCalendar = agendaCalendar
      self.presenters = presenters
    }
  }

  /// Builds one agenda (grouping, week starts and collation tie-breaks
  /// follow the first locale) and presents it in each locale.
  /// - Throws: as ``Objects``'s init.
  init(
    moving tasks: inout [TaskEntry], plan: RunPlan, warn: @escaping @Sendable (String) -> Void,
    kept: KeptPresenters? = nil
  ) throws {
    try self.init(moving: &tasks, plan: plan, objects: Objects(plan: plan, warn: warn, kept: kept))
  }

  /// The same with its ICU objects made already.
  init(moving tasks: inout [TaskEntry], plan: RunPlan, objects: Objects) throws {
    var options = plan.window.agendaOptions
    if case .report(let writer) = plan.output.product { options.hashesTaskIDs = writer.showsTaskIDs }
    let agenda = AgendaBuilder(calendar: objects.agendaCalendar, collator: objects.collator)
      .build(moving: &tasks, options: options)
    // A catalog past the cap was not read: the run fails rather than fall back.
    try plan.presentation.resources.checkLoaded()
    self.agenda = agenda
    views = objects.presenters.map { $0.view(of: agenda) }
    failureSources = objects.presenters + [objects.collator]
  }
}
