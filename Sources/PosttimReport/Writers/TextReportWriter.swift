import PosttimICU

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
/// Layout (``TextTable``): columns are aligned by display width (UAX #11:
/// East Asian wide characters take 2 columns, combining marks and bidi
/// marks none); right-to-left cells are wrapped in FSI…PDI (UAX #9) so
/// they cannot reorder neighbouring columns; importance is right-aligned.
///
/// Long text is cut, not wrapped: a task keeps one line, so the agenda
/// can be scanned and `grep`ped. Titles are cut to ``titleWidth`` columns
/// and descriptions to ``descriptionWidth``, ending in `…`; the Markdown,
/// HTML, CSV and JSON formats keep the full text. A multi-line description
/// is flattened: its lines are joined with ` · `. Control characters in
/// task text (ESC…) are removed, so a task list cannot send escape
/// sequences to the terminal.
///
/// Colour (ANSI SGR, ECMA-48 §8.3.117) only when
/// ``WriterOptions/useColor`` is true: bold title and headings, bold red
/// for the overdue heading, dim totals. Codes wrap whole lines, so they
/// never affect alignment. Lines end in LF; no line ends in spaces.
public struct TextReportWriter: ReportWriter {
  public let format = "text"
  public let fileExtension = "txt"
  public let mediaType = "text/plain; charset=utf-8"
  public let useColor: Bool

  /// Titles wider than this many columns are cut with `…`.
  public static let titleWidth = 40
  /// Descriptions wider than this many columns are cut with `…`.
  public static let descriptionWidth = 60

  public init(options: WriterOptions = WriterOptions()) {
    useColor = options.useColor
  }

  /// ANSI SGR styles used (ECMA-48 "Select Graphic Rendition").
  enum Style: String {
    case bold = "1"
    case boldRed = "1;31"
    case dim = "2"
  }

  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) {
    output.write(styled(report.title, .bold) + "\n")
    output.write(TerminalText.singleLine(report.timeZoneLine) + "\n")
    if report.sections.isEmpty {
      output.write("\n" + TerminalText.singleLine(report.emptyLine) + "\n")
    }
    for section in report.sections {
      output.write("\n" + styled(section.title, section.kind == "overdue" ? .boldRed : .bold) + "\n")
      for line in table(for: section, labels: report.labels).lines() {
        output.write("  " + line + "\n")
      }
      output.write("  " + TerminalText.singleLine(section.countLine) + "\n")
    }
    output.write("\n" + styled(report.totalLine, .dim) + "\n")
    output.write(styled(report.generatedLine, .dim) + "\n")
  }

  func table(for section: SectionView, labels: ColumnLabels) -> TextTable {
    var table = TextTable(columns: [
      .init(labels.time),
      .init(labels.task, maxWidth: Self.titleWidth),
      .init(labels.importance, alignment: .right),
      .init(labels.description, maxWidth: Self.descriptionWidth),
    ])
    table.rows = section.tasks.map { [$0.when, $0.displayTitle, $0.importanceText, $0.details] }
    return table
  }

  /// One line of text, in `style` when colour is on.
  func styled(_ text: String, _ style: Style) -> String {
    let line = TerminalText.singleLine(text)
    guard useColor, !line.isEmpty else { return line }
    return "\u{1B}[\(style.rawValue)m" + line + "\u{1B}[0m"
  }
}
