import Foundation
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
  /// The bytes that make a field quoted: the delimiter, quote, CR and LF.
  private let quotedASCII: ASCIISet
  /// ``delimiter``'s UTF-8, kept (`Character.asciiValue` cost more than the rest of a row's
  /// separators). One byte, except for the one ASCII character that is two: CR LF.
  private let delimiterBytes: [UInt8]

  /// - Precondition: `delimiter` is one ASCII character (quoting scans
  ///   bytes); the CLI allows `,`, `;`, `|` and tab.
  public init(delimiter: Character = ",", byteOrderMark: Bool = false, neutralizeFormulas: Bool = true) {
    precondition(delimiter.isASCII, "CSV delimiter must be ASCII")
    self.delimiter = delimiter
    self.byteOrderMark = byteOrderMark
    self.neutralizeFormulas = neutralizeFormulas
    let separator = delimiter.asciiValue ?? 44
    delimiterBytes = Array(String(delimiter).utf8)
    quotedASCII = ASCIISet { $0 == separator || $0 == 13 || $0 == 10 || $0 == 34 }
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
        for task in chunk { writeRow(cells(of: task), to: &text) }
        return text
      }, to: &output)
  }

  /// A task's cells, in ``header`` order.
  func cells(of task: TaskView) -> [String] {
    [task.dateTime, text(task.title), String(task.importance), text(task.details), task.dateUTC]
  }

  /// A free-text cell, neutralized when ``neutralizeFormulas`` is on.
  func text(_ cell: String) -> String {
    neutralizeFormulas ? CSVFormulaGuard.neutralized(cell) : cell
  }

  /// One record: fields quoted as needed, joined by the delimiter, CRLF
  /// (RFC 4180 §2 rules 1–2). Fields are written as given (no formula
  /// guard: that is for task text, see ``text(_:)``).
  public func writeRow<Output: TextOutputStream>(_ fields: [String], to output: inout Output) {
    var buffer = TextBuffer(capacity: 256)
    writeRow(fields, to: &buffer)
    buffer.write(to: &output)
  }

  /// ``writeRow(_:to:)`` into a byte buffer (a chunk of rows): fields are
  /// quoted byte by byte, no string is made per field.
  package func writeRow(_ fields: [String], to buffer: inout TextBuffer) {
    for (index, field) in fields.enumerated() {
      if index > 0 { delimiterBytes.withUnsafeBufferPointer { buffer.write($0) } }
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

  /// Bytes: the delimiter (ASCII, as the CLI allows), quote, CR and LF are
  /// single bytes in UTF-8; grapheme breaking would dominate the cost of a
  /// large export, and a combining mark after a comma changes nothing.
  private func write(_ field: String, to buffer: inout TextBuffer) {
    var field = field
    field.withUTF8 { bytes in
      guard ScalarScan.contains(bytes, ascii: quotedASCII, nonASCIIFrom: 0xFF, nonASCII: { _ in false }) else {
        return buffer.write(bytes)
      }
      buffer.write(byte: 34)
      // Each quote is written twice: its run ends with it, and one more follows.
      var start = 0
      for index in bytes.indices where bytes[index] == 34 {
        buffer.write(UnsafeBufferPointer(rebasing: bytes[start...index]))
        buffer.write(byte: 34)
        start = index + 1
      }
      buffer.write(UnsafeBufferPointer(rebasing: bytes[start...]))
      buffer.write(byte: 34)
    }
  }
}
