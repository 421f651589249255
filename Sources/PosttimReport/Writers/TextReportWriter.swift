import PosttimICU
import PosttimParallel
import PosttimTemplating

/// Plain text for a terminal (`--format text`): the report's title and
/// zone line, then per section a heading, an aligned table and the count
/// line, then the totals.
///
///     Agenda
///     Fuseau horaire : heure de l’Est (America/Toronto)
///
///     Aujourd’hui — lundi 30 novembre 2026
///       Heure    Tâche                    Importance  Description
///       -------  -----------------------  ----------  ------------------------------
///       07 h 45  Café avec Jean-François           3  Au coin de la rue Saint-Denis.
///       1 tâche
///
///     24 tâches en tout
///     Produit par posttim-report 0.1.0 le 30 nov. 2026, 09 h 00
///
/// Layout (``TextTable``): the report fits ``width`` columns (the CLI's
/// `--width N`, else `COLUMNS`, else the terminal's, else 80), with the same
/// column widths in every section. Time and importance are as wide as
/// their widest value; title and description share the rest, and wrap onto
/// continuation lines by display width (UAX #11: East Asian wide
/// characters take 2 columns, combining and bidi marks none): nothing is
/// cut. A description keeps its own line breaks. When the time column
/// leaves less than ``minimumTextWidth`` for each of title and description,
/// tasks are written as blocks instead: time and importance, then the
/// title and the description indented below. Right-to-left cells are
/// wrapped in FSI…PDI (UAX #9) so they cannot reorder neighbouring columns.
/// Control characters in task text (ESC…) are removed, so a task list
/// cannot send escape sequences to the terminal.
///
/// Colour (ANSI SGR, ECMA-48 §8.3.117) only when
/// ``WriterOptions/useColor`` is true: bold title and headings, bold red
/// for the overdue heading, dim totals. Codes wrap whole lines, so they
/// never affect alignment. Lines end in LF; no line ends in spaces.
public struct TextReportWriter: ReportWriter {
  public let format = "text"
  /// No column shows a task ID.
  public var showsTaskIDs: Bool { false }
  /// Whether ANSI colours are written.
  public let useColor: Bool

  /// Columns per line: ``WriterOptions/textWidth`` or ``defaultWidth``.
  public let width: Int
  /// The width of a terminal that does not say (POSIX `COLUMNS` default).
  public static let defaultWidth = 80
  /// Below this many columns for title or description, tasks become blocks.
  public static let minimumTextWidth = 20
  /// Spaces before each table line, and between columns.
  static let indent = 2
  static let gap = 2

  /// How tasks are laid out: ``Layout/fitting`` or ``Layout/blocks``.
  public let layout: Layout

  /// How tasks are laid out.
  public enum Layout: Sendable {
    /// An aligned table when title and description each get at least
    /// ``TextReportWriter/minimumTextWidth`` columns, else blocks: the
    /// widest fit for a terminal.
    case fitting
    /// Always blocks (time and importance, then title and description
    /// indented below): one layout whatever the tasks, as the e-mail's
    /// text part is read in a mail reader whose width the writer cannot know.
    case blocks
  }

  /// A writer using `options` (width, colour, details).
  public init(options: WriterOptions = WriterOptions(), layout: Layout = .fitting) {
    useColor = options.useColor
    width = options.textWidth ?? Self.defaultWidth
    self.layout = layout
  }

  /// ANSI SGR styles used (ECMA-48 "Select Graphic Rendition").
  enum Style: String {
    case bold = "1"
    case boldRed = "1;31"
    case dim = "2"
  }

  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) {
    for line in DisplayWidth.wrapped(report.title, to: width) { output.write(styled(line, .bold) + "\n") }
    writeWrapped(report.timeZoneLine, to: &output)
    if report.sections.isEmpty {
      output.write("\n")
      writeWrapped(report.emptyLine, to: &output)
    }
    let widths = layout == .fitting ? columnWidths(report) : nil
    let labels = report.labels
    // A long report's sections are laid out a few at a time on every core,
    // into byte buffers written in order.
    forEachSection(
      of: report,
      { section in
        var text = TextBuffer(capacity: section.count * 200 + 256)
        text.write("\n")
        for line in DisplayWidth.wrapped(section.title, to: width) {
          text.write(styled(line, section.kind == "overdue" ? .boldRed : .bold))
          text.write(byte: 10)
        }
        let lines =
          widths.map { table(for: section, labels: labels, widths: $0).lines() } ?? blocks(for: section, labels: labels)
        for line in lines {
          text.write("  ")
          text.write(line)
          text.write(byte: 10)
        }
        writeWrapped(section.countLine, indent: Self.indent, to: &text)
        return text
      }
    ) { $0.write(to: &output) }
    output.write("\n")
    for line in DisplayWidth.wrapped(report.totalLine, to: width) { output.write(styled(line, .dim) + "\n") }
    for line in DisplayWidth.wrapped(report.generatedLine, to: width) { output.write(styled(line, .dim) + "\n") }
  }

  /// Reports of at least this many tasks have their sections handled on several cores.
  static let parallelTaskCount = 4_096

  /// `body(section)` for each of the report's sections, handed to `use` in
  /// order: in a long report a few sections at a time on every core (at
  /// most twice the cores' count of them held at once), else one by one here.
  func forEachSection<Result: Sendable>(
    of report: ReportView, _ body: @Sendable (SectionView) -> Result, use: (Result) -> Void
  ) {
    let sections = report.sections
    guard report.taskCount >= Self.parallelTaskCount else {
      for section in sections { use(body(section)) }
      return
    }
    var start = 0
    while start < sections.count {
      let window = start..<min(sections.count, start + 2 * Parallel.width)
      for result in Parallel.map(window.count, { body(sections[window.lowerBound + $0]) }) { use(result) }
      start = window.upperBound
    }
  }

  func writeWrapped<Output: TextOutputStream>(_ text: String, indent: Int = 0, to output: inout Output) {
    for line in DisplayWidth.wrapped(text, to: width - indent) {
      output.write(String(repeating: " ", count: indent) + line + "\n")
    }
  }

  /// Widths of time, title, importance and description for the whole
  /// report, or nil when title and description would get less than
  /// ``minimumTextWidth`` each (then: blocks). Reads every row once.
  func columnWidths(_ report: ReportView) -> [Int]? {
    let labels = report.labels
    var time = DisplayWidth.of(labels.time)
    var importance = DisplayWidth.of(labels.importance)
    var title = DisplayWidth.of(labels.task)
    var details = DisplayWidth.of(labels.description)
    forEachSection(
      of: report,
      { section in
        var widths = (time: 0, importance: 0, title: 0, details: 0)
        for task in section.tasks {
          widths.time = max(widths.time, DisplayWidth.of(task.when))
          widths.importance = max(widths.importance, DisplayWidth.of(task.importanceText))
          widths.title = max(widths.title, DisplayWidth.of(TerminalText.singleLine(task.displayTitle)))
          for line in TerminalText.singleLine(task.details, separator: "\n").split(separator: "\n") {
            widths.details = max(widths.details, DisplayWidth.of(String(line)))
          }
        }
        return widths
      }
    ) { section in
      time = max(time, section.time)
      importance = max(importance, section.importance)
      title = max(title, section.title)
      details = max(details, section.details)
    }
    let rest = width - Self.indent - time - importance - 3 * Self.gap
    guard rest >= 2 * Self.minimumTextWidth else { return nil }
    // Titles get what they need up to 40 % of the rest; descriptions the remainder.
    let titleWidth = title + details <= rest ? title : min(title, max(Self.minimumTextWidth, rest * 2 / 5))
    return [time, titleWidth, importance, rest - titleWidth]
  }

  func table(for section: SectionView, labels: ColumnLabels, widths: [Int]) -> TextTable {
    var table = TextTable(columns: [
      .init(labels.time, width: widths[0]),
      .init(labels.task, width: widths[1]),
      .init(labels.importance, alignment: .right, width: widths[2]),
      .init(labels.description, width: widths[3]),
    ])
    table.gap = Self.gap
    table.rows = section.tasks.map { [$0.when, $0.displayTitle, $0.importanceText, $0.details] }
    return table
  }

  /// Narrow terminals: per task, "time · Importance N", then the title and
  /// the description two columns in, each wrapped.
  func blocks(for section: SectionView, labels: ColumnLabels) -> [String] {
    var lines: [String] = []
    let inner = width - 2 * Self.indent
    for task in section.tasks {
      lines += DisplayWidth.wrapped(
        "\(task.when) · \(labels.importance) \(task.importanceText)", to: width - Self.indent)
      for text in [task.displayTitle, task.details] {
        lines += DisplayWidth.wrapped(text, to: inner).map { "  " + BidiIsolation.isolated($0) }
      }
    }
    return lines
  }

  /// One line of text, in `style` when colour is on.
  func styled(_ text: String, _ style: Style) -> String {
    let line = TerminalText.singleLine(text)
    guard useColor, !line.isEmpty else { return line }
    return "\u{1B}[\(style.rawValue)m" + line + "\u{1B}[0m"
  }
}
