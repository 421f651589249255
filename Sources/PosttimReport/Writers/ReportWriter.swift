/// Writes a localized report in one format.
///
/// A writer lays out the strings of a ``ReportView``; it never formats
/// dates or chooses words. To add a format, write one type conforming to
/// this protocol and register it (``WriterRegistry/register(_:summary:_:)``):
/// it then works for one locale and for several (`-l fr_CA,ar_EG`) with no
/// other change.
public protocol ReportWriter: Sendable {
  /// The name used with `--format`, e.g. "markdown".
  var format: String { get }
  /// Streams the report into `output`.
  /// - Throws: the template engine's `TemplateError` when a template fails.
  func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws
  /// Streams two or more views of one ``Agenda`` (one per locale: the same
  /// sections and tasks, other words, dates and digits) as one output.
  ///
  /// The default writes the views one after the other; a format with a
  /// better shape for several languages (one table, one document, one
  /// message) overrides it.
  /// - Precondition: `reports` holds at least two views of one agenda.
  func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) throws
  /// Whether the report shows task IDs (``TaskView/id``): the agenda is
  /// then built with every task's hash (``AgendaOptions/hashesTaskIDs``).
  /// Only speed depends on it; true unless a writer says otherwise.
  var showsTaskIDs: Bool { get }
}

extension ReportWriter {
  public var showsTaskIDs: Bool { true }

  public func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) throws {
    for report in reports { try write(report, to: &output) }
  }

  /// Writes one view exactly as ``write(_:to:)`` does, and several through
  /// ``write(several:to:)``.
  /// - Precondition: `reports` is not empty.
  public func write<Output: TextOutputStream>(_ reports: [ReportView], to output: inout Output) throws {
    precondition(!reports.isEmpty, "no report to write")
    if reports.count == 1 { return try write(reports[0], to: &output) }
    try write(several: reports, to: &output)
  }
}
