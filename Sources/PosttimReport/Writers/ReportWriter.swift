/// Writes a localized report in one format.
///
/// A writer lays out the strings of a ``ReportView``; it never formats
/// dates or chooses words. To add a format, write one type conforming to
/// this protocol and register it in ``WriterRegistry/standard`` (README,
/// "Adding a format").
public protocol ReportWriter: Sendable {
  /// The name used with `--format`, e.g. "markdown".
  var format: String { get }
  /// Streams the report into `output`.
  /// - Throws: the template engine's `TemplateError` when a template fails.
  func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws
}
