import FoundationEssentials
import PosttimICU
import PosttimReport

/// One due reader's message, made ahead of its delivery (on any thread):
/// everything up to what another process could see.
enum RosterMessage: Sendable {
  /// `-o DIR`: the message in its temporary file, synced to disk; the
  /// rename into place is the delivery.
  case file(OutputFile)
  /// `--send`: the whole message, for sendmail.
  case mail(String, sendmail: String, timeout: Int)
  /// An empty window under `--skip-empty`: nothing to deliver.
  case skipped
  /// A plan whose output is neither (standard output, one file per
  /// locale): delivered through the report's pipeline when its turn comes.
  case plan(RunPlan)
  /// The reader's failure (a missing list, a bad locale…).
  case failed(any Error)

  /// Removes what was made and will not be delivered (a stopped run).
  func discard() {
    if case .file(let file) = self { file.abort() }
  }
}

/// Makes due readers' messages: each reader's plan resolved by the
/// report's resolver, its list read, its agenda presented and its message
/// rendered, as a single run does, up to the delivery.
struct RosterMessageMaker: Sendable {
  let request: RosterRequest
  let roster: RosterFile
  /// Each reader's environment: the run's, its warnings naming the row.
  let warnings: RosterWarnings
  let readStandardInput: (@Sendable () throws -> Data)?
  /// The roster the Message-IDs are derived in (``RosterJournal/scope``).
  let scope: String?
  /// The lists being read on every thread, against a memory limit.
  let memory = RosterListMemory()

  /// What one thread keeps from reader to reader.
  final class Context {
    /// E-mail writers, by part options.
    let shared: SharedWriters
    /// Calendars, collators, catalogs and presenters, by locale and zone.
    let presenters = KeptPresenters()

    init(shared: SharedWriters = SharedWriters()) { self.shared = shared }
  }

  /// Why a reader's list that is a FIFO or socket is refused.
  static let listKind = "a roster reader's list must be a regular file"

  /// A due reader's message and the warnings its making gave.
  func message(for reader: RosterReader, _ entry: RosterSchedule.Entry, context: Context) -> (
    RosterMessage, warnings: HeldWarnings
  ) {
    let held = HeldWarnings()
    return (message(for: reader, entry, context: context, held: held), held)
  }

  private func message(
    for reader: RosterReader, _ entry: RosterSchedule.Entry, context: Context, held: HeldWarnings
  ) -> RosterMessage {
    if case .folder(let folder) = request.delivery,
      let refusal = RosterOutputCheck.listRefusal(reader, folder: folder, roster: roster)
    {
      return .failed(refusal)
    }
    do {
      // The day before's occurrence is made as at its `at`: that date's window.
      let environment = warnings.environment(for: reader, madeAt: entry.due.madeAt, held: held)
      let plan = try RunPlan(
        resolving: request.options(for: reader, in: roster), in: environment,
        messageID: entry.messageID(id: reader.id, scope: scope), shared: context.shared)
      let reserved = try memory.reserve(plan)
      defer { memory.release(reserved) }
      // A regular file only: a FIFO whose writer stalls would hold every reader after this one.
      var tasks = try TaskInputs(readStandardInput: readStandardInput, regularOnly: Self.listKind).load(plan.inputs)
      let report = try PresentedReport(moving: &tasks, plan: plan, warn: environment.warn, kept: context.presenters)
      if plan.output.skipsEmpty && report.views[0].taskCount == 0 { return .skipped }
      let rendering = CheckedRendering(product: plan.output.product, report: report)
      switch plan.output.destination {
      case .file(let path):
        // The folder's stale temporary files were removed once, at the start.
        // Regular files only: a FIFO or device at DIR/ID.eml fails this reader.
        var file = try OutputFile(path: path, hook: SignalCleanup(), removingStale: false, regularOnly: true)
        do {
          try rendering.render(report.views, to: &file.stream)
        } catch {
          file.abort()
          throw error
        }
        try file.sync()
        return .file(file)
      case .sendmail(let program, let timeout):
        var message = ""
        try rendering.render(report.views, to: &message)
        return .mail(message, sendmail: program, timeout: timeout)
      case .standardOutput, .filePerLocale:
        return .plan(plan)
      }
    } catch {
      return .failed(error)
    }
  }
}
