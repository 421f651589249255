import FoundationEssentials
import PosttimTemplating

/// CSV per RFC 4180, ready for spreadsheets: a header row, then one row per
/// task in agenda order; CRLF line ends; a field holding the delimiter, a
/// double quote, CR or LF is quoted, with quotes doubled (§2 rules 5–7).
///
/// Columns: `date` (date and time in the report's locale and zone),
/// `tache`, `importance` (1…9), `description`, `date_utc` (ISO 8601). The
/// header uses the task list's own keys, the same in every locale, so
/// scripts can rely on it.
///
/// Options (``Options``, CLI flags in parentheses):
/// - ``delimiter`` (`--csv-delimiter`): `,` by default; `;` for French
///   spreadsheets, whose decimal separator is the comma.
/// - ``byteOrderMark`` (`--csv-bom`): starts the output with U+FEFF (UTF-8
///   bytes EF BB BF) so Excel reads the file as UTF-8.
/// - ``neutralizeFormulas`` (on unless `--csv-raw-formulas`): a title or
///   description starting with `=`, `+`, `-`, `@`, tab or CR gets a
///   leading `'` (``CSVFormulaGuard``, OWASP "CSV injection"). The date,
///   importance and ISO columns are written by this tool and never changed.
public struct CSVReportWriter: ReportWriter {
  /// The CSV writer's own options; see ``CSVReportWriter``.
  public struct Options: Sendable, Equatable {
    /// The field separator (`,` by default; RFC 4180); one ASCII character.
    public var delimiter: Character
    /// Whether the output starts with a UTF-8 byte order mark.
    public var byteOrderMark: Bool
    /// Whether cells a spreadsheet would run as a formula are neutralized.
    public var neutralizeFormulas: Bool

    /// The defaults: comma, no byte order mark, formulas neutralized.
    public init(delimiter: Character = ",", byteOrderMark: Bool = false, neutralizeFormulas: Bool = true) {
      self.delimiter = delimiter
      self.byteOrderMark = byteOrderMark
      self.neutralizeFormulas = neutralizeFormulas
    }
  }

  public let format = "csv"
  /// No column shows a task ID.
  public var showsTaskIDs: Bool { false }
  /// The field separator (`,` by default; RFC 4180).
  public let delimiter: Character
  /// Whether the output starts with a UTF-8 byte order mark (for spreadsheet programs).
  public let byteOrderMark: Bool
  /// Whether cells that a spreadsheet would run as a formula are neutralized (OWASP CSV injection).
  public let neutralizeFormulas: Bool
  /// How fields are quoted and separated.
  private let fields: CSVFields

  /// - Precondition: `delimiter` is one ASCII character (quoting scans
  ///   bytes); the CLI allows `,`, `;`, `|` and tab.
  public init(delimiter: Character = ",", byteOrderMark: Bool = false, neutralizeFormulas: Bool = true) {
    precondition(delimiter.isASCII, "CSV delimiter must be ASCII")
    self.delimiter = delimiter
    self.byteOrderMark = byteOrderMark
    self.neutralizeFormulas = neutralizeFormulas
    fields = CSVFields(delimiter: delimiter)
  }

  /// The writer for `options`.
  public init(_ options: Options) {
    self.init(
      delimiter: options.delimiter, byteOrderMark: options.byteOrderMark,
      neutralizeFormulas: options.neutralizeFormulas)
  }

  /// The writer for a run's ``Options`` (the defaults when not set).
  public init(options: WriterOptions) { self.init(options[Options.self] ?? Options()) }

  /// The header row's column names, in order.
  public static let header = ["date", "tache", "importance", "description", "date_utc"]

  /// Streams the CSV, one row per write.
  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) {
    if byteOrderMark { output.write("\u{FEFF}") }
    writeRow(Self.header, to: &output)
    // Rows are formatted a chunk at a time on every core and written in order.
    var rows = TaskRows(report.sections)
    ChunkedRendering.write(
      chunksOf: &rows,
      { chunk in
        var text = TextBuffer()
        for task in chunk { writeRow(of: task, to: &text) }
        return text
      }, to: &output)
  }

  /// A task's record: its cells in ``header`` order (the date and time in
  /// the report's locale, the title, the importance, the description and
  /// the UTC instant), after `leading` when given; free text neutralized
  /// as ``neutralizeFormulas`` says (``CSVFormulaGuard``). Each cell is
  /// written from the UTF-8 the row lends: a row's five strings, made,
  /// retained and freed, were most of a long list's CSV.
  package func writeRow(of task: TaskView, leading: String? = nil, to buffer: inout TextBuffer) {
    let fields = fields
    let guardsFormulas = neutralizeFormulas
    func writeText(_ bytes: UnsafeBufferPointer<UInt8>) {
      fields.write(bytes, after: guardsFormulas && CSVFormulaGuard.isFormulaLike(bytes) ? 0x27 : nil, to: &buffer)
    }
    if let leading {
      write(leading, to: &buffer)
      fields.writeDelimiter(to: &buffer)
    }
    task.withDateTimeUTF8 { fields.write($0, to: &buffer) }
    fields.writeDelimiter(to: &buffer)
    task.withTitleUTF8(writeText)
    fields.writeDelimiter(to: &buffer)
    write(String(task.importance), to: &buffer)
    fields.writeDelimiter(to: &buffer)
    task.withDetailsUTF8(writeText)
    fields.writeDelimiter(to: &buffer)
    ISO8601.withUTCUTF8(task.task.date) { fields.write($0, to: &buffer) }
    buffer.write(byte: 13)
    buffer.write(byte: 10)
  }

  /// One record: fields quoted as needed, joined by the delimiter, CRLF
  /// (RFC 4180 §2 rules 1–2). Fields are written as given (no formula
  /// guard: that is for task text, see ``writeRow(of:leading:to:)``).
  public func writeRow<Output: TextOutputStream>(_ fields: [String], to output: inout Output) {
    var buffer = TextBuffer(capacity: 256)
    writeRow(fields, to: &buffer)
    buffer.write(to: &output)
  }

  /// ``writeRow(_:to:)`` into a byte buffer (a chunk of rows): fields are
  /// quoted byte by byte, no string is made per field.
  package func writeRow(_ cells: [String], to buffer: inout TextBuffer) {
    for (index, field) in cells.enumerated() {
      if index > 0 { fields.writeDelimiter(to: &buffer) }
      write(field, to: &buffer)
    }
    buffer.write(byte: 13)
    buffer.write(byte: 10)
  }

  /// One field per RFC 4180 §2 rules 5–7: quoted when it holds the
  /// delimiter, a double quote, CR or LF, with quotes doubled.
  ///
  /// Unicode scalars are compared, not characters: a comma or quote
  /// followed by a combining mark is one `Character` in Swift, but a CSV
  /// reader sees the comma byte, so it must still be quoted and doubled.
  public func quoted(_ field: String) -> String {
    var buffer = TextBuffer(capacity: field.utf8.count + 2)
    write(field, to: &buffer)
    return buffer.text
  }

  private func write(_ field: String, to buffer: inout TextBuffer) {
    var field = field
    field.withUTF8 { fields.write($0, to: &buffer) }
  }
}
