/// What a run gives its writer: the options every format may use (the
/// templates and catalogs, colour, width, the details part), and each
/// format's own options as that writer's `Options` type.
///
///     var options = WriterOptions()
///     options[CSVReportWriter.Options.self] = .init(delimiter: ";")
///     let writer = try WriterRegistry.standard.writer(for: "csv", options: options)
///
/// A format registered from outside the library keeps its own options
/// here the same way, under its own type.
public struct WriterOptions: Sendable {
  /// `Templates/` as embedded, possibly overlaid by a user's folder.
  public var resources: any ResourceFiles
  /// Colour for terminal output: only when stdout is a terminal and
  /// `NO_COLOR` is unset (https://no-color.org); the CLI decides.
  public var useColor: Bool = false
  /// Columns a terminal report may use (`--width N`, else the terminal's);
  /// nil: ``TextReportWriter/defaultWidth``.
  public var textWidth: Int?
  /// Whether a report shows its details part (`--details`/`--no-details`);
  /// nil leaves it to the format: ``showsDetails(byDefault:)``.
  public var showDetails: Bool?
  /// Each format's own options, by their type.
  private var formatOptions: [ObjectIdentifier: any Sendable] = [:]

  /// Options for every writer; see each property.
  public init(resources: any ResourceFiles = EmbeddedResources()) {
    self.resources = resources
  }

  /// One format's own options (``CSVReportWriter/Options``,
  /// ``EmailReportWriter/Options``…), nil when not set: the writer then
  /// uses its defaults.
  public subscript<Options: Sendable>(_ type: Options.Type) -> Options? {
    get { formatOptions[ObjectIdentifier(type)] as? Options }
    set { formatOptions[ObjectIdentifier(type)] = newValue }
  }

  /// `showDetails`, or the format's default: on for `html` (a page kept or
  /// served as the record, where the exact time with its offset, the source
  /// entry and unknown keys are worth their weight), off for `email` (read
  /// on phones, and Gmail clips a message above about 102 KB).
  public func showsDetails(byDefault formatDefault: Bool) -> Bool { showDetails ?? formatDefault }
}
