import FoundationEssentials
import PosttimICU
import PosttimReport

/// Everything one report run does, resolved from the command line, the
/// config file and the environment, and checked, before any input is read.
///
/// Built in one place (``init(resolving:in:)``, whose extensions resolve
/// each part in the order its errors are reported) and never changed
/// after: the pipeline (``ReportPipeline``) only reads it.
///
/// The resolver takes merged options (``ParsedOptions``), so a run with
/// other overrides is one more layer, not another resolver: a roster of
/// readers would resolve one plan per reader from that reader's row over
/// the roster-wide options (`row.overriding(commandLineOverConfig)`), and
/// run each plan through the same pipeline.
struct RunPlan: Sendable {
  /// The task lists, in order (`-` is standard input).
  let inputs: [String]
  /// Which tasks the agenda shows.
  let window: Window
  /// How the agenda is shown, per locale.
  let presentation: Presentation
  /// The e-mail's envelope and subject pattern (`--format email` only).
  let mail: EmailReportWriter.Options?
  /// What is written, and where.
  let output: Output
}

extension RunPlan {
  /// The agenda's window and filters (`--now`, `--from`, `--to`, `--days`,
  /// `--overdue-days`, `--min-importance`, `--group-by`).
  struct Window: Sendable {
    let now: Date
    /// The first day shown (`--from`, resolved); nil for today with the
    /// overdue tasks before it.
    let from: LocalDay?
    /// The last day shown (`--to`, or `--days` counted from the first); nil
    /// for no end.
    let to: LocalDay?
    /// How many days back the overdue section reaches; nil for all.
    let overdueDays: Int?
    let minimumImportance: Int
    let grouping: AgendaOptions.Grouping

    /// The agenda's options: the window's days are already resolved.
    var agendaOptions: AgendaOptions {
      AgendaOptions(
        now: now, from: from, to: to, minimumImportance: minimumImportance, grouping: grouping,
        overdueDays: overdueDays)
    }
  }

  /// The locales, zone and date formats, and the catalogs' source.
  struct Presentation: Sendable {
    /// One per `--locale`, in the order given (at least one), all alike
    /// but for the locale. The first also orders the agenda: grouping,
    /// week starts and collation tie-breaks follow it, so every locale
    /// lists the same tasks in the same order.
    let locales: [ReportSettings]
    /// Templates and message catalogs: embedded, under `--template-dir`.
    let resources: any ResourceFiles
  }

  /// The product, its destination, and whether an empty window skips both.
  struct Output: Sendable {
    /// `--format`.
    let format: String
    let product: Product
    let destination: Destination
    /// `--skip-empty`: an empty window writes and sends nothing.
    let skipsEmpty: Bool
    /// `--write-timeout`: seconds the whole write to a FIFO or device at `-o` may take.
    var writeTimeout = WriteWait.defaultSeconds
  }

  /// What the run writes.
  enum Product: Sendable {
    /// The report, written by the format's writer.
    case report(any ReportWriter)
    /// `--dump-context`: the data templates receive, as JSON.
    case templateContext(showDetails: Bool)
  }
}
