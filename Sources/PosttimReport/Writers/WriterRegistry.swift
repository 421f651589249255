/// The report formats by name: `--format NAME` looks the writer up here.
///
/// A name-keyed table of factories, one line per format, so adding a
/// format is one new file and one ``register(_:summary:_:)`` call.
public struct WriterRegistry: Sendable {
  /// Makes a writer for the run's options.
  public typealias Factory = @Sendable (WriterOptions) throws -> any ReportWriter

  private var entries: [String: (summary: String, make: Factory)] = [:]

  /// An empty registry (``standard`` has every format).
  public init() {}

  /// Adds (or replaces) a format.
  public mutating func register(_ format: String, summary: String, _ make: @escaping Factory) {
    entries[format] = (summary, make)
  }

  /// The registered format names, sorted.
  public var formats: [String] { entries.keys.sorted() }

  /// A one-line description of a format, for `--list-formats`.
  public func summary(of format: String) -> String? { entries[format]?.summary }

  /// The writer for `format`, or nil when no such format is registered.
  /// - Throws: what the factory throws (e.g. a template syntax error).
  public func writer(for format: String, options: WriterOptions) throws -> (any ReportWriter)? {
    guard let entry = entries[format] else { return nil }
    return try entry.make(options)
  }

  /// Markdown (GFM), HTML, CSV (RFC 4180), JSON, iCalendar, text and e-mail.
  public static var standard: WriterRegistry {
    var registry = WriterRegistry()
    registry.register("markdown", summary: "GitHub-flavoured Markdown, a table per day") {
      try TemplateReportWriter.markdown(options: $0)
    }
    registry.register("html", summary: "a complete HTML5 document, inline CSS (e-mail safe)") {
      try TemplateReportWriter.html(options: $0)
    }
    registry.register("csv", summary: "RFC 4180 CSV, one row per task") {
      CSVReportWriter(options: $0)
    }
    registry.register("json", summary: "JSON, a documented stable schema") { JSONReportWriter(options: $0) }
    registry.register("ics", summary: "iCalendar (RFC 5545), one VEVENT per task") {
      ICalendarReportWriter(options: $0)
    }
    registry.register("text", summary: "plain text for terminals, aligned columns") { TextReportWriter(options: $0) }
    registry.register("email", summary: "an RFC 5322 e-mail, text and HTML parts, for sendmail -t (--send)") {
      try EmailReportWriter(options: $0)
    }
    return registry
  }
}
