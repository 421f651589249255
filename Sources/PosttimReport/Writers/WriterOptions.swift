/// What writers may need beyond the report: templates and format options.
public struct WriterOptions: Sendable {
  /// `Templates/` as embedded, possibly overlaid by a user's folder.
  public var resources: any ResourceFiles
  /// A user's layout (`--template FILE`): its text and file name. It
  /// replaces `agenda.mustache` of the format's folder; it may be a full
  /// template or inherit from the default (`{{<agenda}}…{{/agenda}}`).
  public var layout: (name: String, text: String)?
  /// CSV field separator (`--csv-delimiter`); `;` for French spreadsheets.
  public var csvDelimiter: Character
  /// Start CSV with a UTF-8 byte order mark (`--csv-bom`), for Excel.
  public var csvByteOrderMark: Bool
  /// Neutralize CSV cells a spreadsheet would run as a formula (leading
  /// `=`, `+`, `-`, `@`, tab, CR); `--csv-raw-formulas` turns it off.
  public var csvNeutralizeFormulas: Bool
  /// Colour for terminal output: only when stdout is a terminal and
  /// `NO_COLOR` is unset (https://no-color.org); the CLI decides.
  public var useColor: Bool = false
  /// The envelope of `--format email` (sender, recipients, date); nil
  /// when no recipient was given.
  public var mail: MailSettings? = nil
  /// Whether a report shows its details part (`--details`/`--no-details`);
  /// nil leaves it to the format: ``showsDetails(byDefault:)``.
  public var showDetails: Bool?
  /// Columns a terminal report may use (`--width N`, else the terminal's);
  /// nil: ``TextReportWriter/defaultWidth``.
  public var textWidth: Int?

  /// `showDetails`, or the format's default: on for `html` (a page kept or
  /// served as the record, where the exact time with its offset, the source
  /// entry and unknown keys are worth their weight), off for `email` (read
  /// on phones, and Gmail clips a message above about 102 KB).
  public func showsDetails(byDefault formatDefault: Bool) -> Bool { showDetails ?? formatDefault }

  /// Options for every writer; see each property.
  public init(
    resources: any ResourceFiles = EmbeddedResources(), layout: (name: String, text: String)? = nil,
    csvDelimiter: Character = ",", csvByteOrderMark: Bool = false, csvNeutralizeFormulas: Bool = true
  ) {
    self.resources = resources
    self.layout = layout
    self.csvDelimiter = csvDelimiter
    self.csvByteOrderMark = csvByteOrderMark
    self.csvNeutralizeFormulas = csvNeutralizeFormulas
  }
}
