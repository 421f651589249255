import PosttimICU
import PosttimReport

/// One report run, read from its plan: load → build → present → deliver.
///
///     load      the task lists (TaskInputs), while a long list's ICU
///               objects are made on a helper (PresentationAhead)
///     build     one agenda, ordered by the first locale
///     present   one view per locale (PresentedReport)
///     deliver   the product to its destination (Destination), every
///               destination ending in the same check of recorded failures
struct ReportPipeline {
  let plan: RunPlan
  let io: CommandIO
  let warn: @Sendable (String) -> Void
  /// Leave the tasks, agenda and views to the kernel at exit
  /// (``ReportCommand/exitsAfterRun``).
  let keepsUntilExit: Bool

  func run() throws {
    let locales = plan.presentation.locales.count
    MemoryReserve.adviseHugePages(forReading: plan.inputs)
    let presentation = PresentationAhead(plan: plan, warn: warn)
    var tasks = try TaskInputs(readStandardInput: io.readStandardInput).load(
      plan.inputs, locales: locales, perLocale: plan.output.bytesPerInputBytePerLocale(locales: locales),
      once: plan.output.bytesPerInputByteOnce)
    let report = try PresentedReport(moving: &tasks, plan: plan, objects: presentation.objects())
    defer { if keepsUntilExit { KeptUntilExit.keep((tasks, report.agenda, report.views)) } }
    try deliver(report)
  }

  /// Writes the product where the plan says; an empty window under
  /// `--skip-empty` writes nothing.
  func deliver(_ report: PresentedReport) throws {
    if plan.output.skipsEmpty && report.views[0].taskCount == 0 { return }
    try plan.output.destination.deliver(
      report.views, io: io, rendering: CheckedRendering(product: plan.output.product, report: report),
      writeTimeout: plan.output.writeTimeout)
  }
}

/// The product's text, then the check every destination ends with: a
/// value ICU could not format was left blank, so the run fails (exit 70)
/// before the output is committed or sent.
struct CheckedRendering: OutputRendering {
  let product: RunPlan.Product
  let report: PresentedReport

  func render<Output: TextOutputStream>(_ views: [ReportView], to output: inout Output) throws {
    switch product {
    case .report(let writer):
      try writer.write(views, to: &output)
    case .templateContext(let showDetails):
      let contexts = views.map { $0.templateContext(showDetails: showDetails).jsonText() }
      output.write((contexts.count == 1 ? contexts[0] : "[\n" + contexts.joined(separator: ",\n") + "\n]") + "\n")
    }
    if let failure = report.firstFailure { throw failure }
  }
}

extension RunPlan.Output {
  /// Whether the product is made whole in memory before it is written
  /// (``MemoryReserve``): an e-mail, JSON, the template context, and an
  /// HTML page of several locales; the others are written in chunks.
  func isHeldWhole(locales: Int) -> Bool {
    guard case .report = product else { return true }
    if case .sendmail = destination { return true }
    switch format {
    case "email", "json": return true
    case "html": return locales > 1
    default: return false
    }
  }

  /// What each locale's product needs per byte of list (``MemoryReserve``):
  /// more for one held whole, and more again for an e-mail's details, which
  /// its HTML part holds for every locale.
  func bytesPerInputBytePerLocale(locales: Int) -> Int {
    guard isHeldWhole(locales: locales) else { return MemoryReserve.perLocaleStreamed }
    return MemoryReserve.perLocaleHeldWhole + (email?.holdsDetails == true ? MemoryReserve.perLocaleEmailDetails : 0)
  }

  /// What the product needs per byte of list once, whatever the locales:
  /// an e-mail's attached calendar (the first locale's).
  var bytesPerInputByteOnce: Int { email?.attachesCalendar == true ? MemoryReserve.emailCalendar : 0 }

  private var email: EmailReportWriter? {
    guard case .report(let writer) = product else { return nil }
    return writer as? EmailReportWriter
  }
}
