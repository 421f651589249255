import PosttimICU
import PosttimReport
import PosttimTemplating

/// The four preview layouts. Column names are English and lower-case in
/// every format (the same as the CSV header), since the preview is a tool
/// for whoever configures the report, not part of the report.
extension PreviewTable {
  /// Writes the table in `format`.
  func write<Output: TextOutputStream>(_ format: PreviewRequest.Format, to output: inout Output) {
    switch format {
    case .text: writeText(to: &output)
    case .markdown: writeMarkdown(to: &output)
    case .csv: writeCSV(to: &output)
    case .html: writeHTML(to: &output)
    }
  }

  /// Cells for the human-readable formats: [date,] locale, then pattern
  /// and formatted per format ("time pattern", "time", "day pattern",
  /// "day" for the report's defaults).
  private var displayRows: (header: [String], rows: [[String]]) {
    let formatHeaders = specs.flatMap { spec in spec.label.map { ["\($0) pattern", $0] } ?? ["pattern", "formatted"] }
    let header = (showsDateColumn ? ["date"] : []) + ["locale"] + formatHeaders
    let rows = rows.map { row in
      (showsDateColumn ? [ISO8601.utcString(row.date)] : []) + [row.localeInput]
        + row.cells.flatMap { [$0.pattern, $0.formatted] }
    }
    return (header, rows)
  }

  /// True for a pattern column of ``displayRows``.
  private func isPatternColumn(_ index: Int) -> Bool {
    let first = showsDateColumn ? 2 : 1
    return index >= first && (index - first) % 2 == 0
  }

  /// The summary line, a blank line, then a ``TextTable``: columns aligned
  /// by display width (UAX #11), right-to-left results isolated with
  /// FSI…PDI (UAX #9) so they cannot reorder the other columns. Pattern
  /// cells are not isolated: they are there to be copied into `--pattern`.
  func writeText<Output: TextOutputStream>(to output: inout Output) {
    let (header, rows) = displayRows
    let columns = header.indices.map { TextTable.Column(header[$0], isolatesRightToLeft: !isPatternColumn($0)) }
    let table = TextTable(columns: columns, rows: rows)
    output.write(TerminalText.singleLine(summary) + "\n\n")
    for line in table.lines() { output.write(line + "\n") }
  }

  /// The summary as a paragraph, then a GitHub-flavoured Markdown table
  /// (GFM §4.10), every cell escaped with ``MarkdownEscaping``.
  func writeMarkdown<Output: TextOutputStream>(to output: inout Output) {
    let (header, rows) = displayRows
    func line(_ cells: [String]) -> String {
      "| " + cells.map(MarkdownEscaping.escape).joined(separator: " | ") + " |\n"
    }
    output.write(MarkdownEscaping.escape(summary) + "\n\n")
    output.write(line(header))
    output.write("|" + String(repeating: " --- |", count: header.count) + "\n")
    for row in rows { output.write(line(row)) }
  }

  /// RFC 4180: header `locale,time_zone,date,pattern,formatted`, one row
  /// per (date, locale, format), CRLF line ends, fields quoted when needed
  /// (``CSVReportWriter/writeRow(_:to:)``). `locale` is exactly as given,
  /// `date` the instant in ISO 8601 UTC, `pattern` the resolved ICU pattern.
  func writeCSV<Output: TextOutputStream>(to output: inout Output) {
    let csv = CSVReportWriter(delimiter: ",")
    csv.writeRow(["locale", "time_zone", "date", "pattern", "formatted"], to: &output)
    for row in rows {
      for cell in row.cells {
        csv.writeRow(
          [row.localeInput, timeZone.id, ISO8601.utcString(row.date), cell.pattern, cell.formatted], to: &output)
      }
    }
  }

  /// A small HTML5 document (WHATWG HTML): the summary and a table. Text is
  /// escaped with ``HTMLEscaping``; each `formatted` cell carries `lang`
  /// (BCP 47) and `dir` from its locale, so screen readers pick the right
  /// voice and Arabic or Hebrew reads right to left. No isolation is needed
  /// here: table cells are separate bidi paragraphs (UAX #9 BD2 and CSS).
  func writeHTML<Output: TextOutputStream>(to output: inout Output) {
    let escape = HTMLEscaping.escape
    let (header, _) = displayRows
    output.write(
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>posttim-report preview: \(escape(specs.map(\.spec.description).joined(separator: ", ")))</title>
      </head>
      <body>
      <p>\(escape(summary))</p>
      <table>
      <thead>
      <tr>\(header.map { "<th>\(escape($0))</th>" }.joined())</tr>
      </thead>
      <tbody>

      """)
    for row in rows {
      var cells = showsDateColumn ? "<td>\(ISO8601.utcString(row.date))</td>" : ""
      cells += "<td>\(escape(row.localeInput))</td>"
      let direction = row.locale.isRightToLeft ? "rtl" : "ltr"
      for cell in row.cells {
        cells += "<td><code>\(escape(cell.pattern))</code></td>"
        cells +=
          "<td lang=\"\(escape(row.locale.baseLanguageTag))\" dir=\"\(direction)\">\(escape(cell.formatted))</td>"
      }
      output.write("<tr>\(cells)</tr>\n")
    }
    output.write("</tbody>\n</table>\n</body>\n</html>\n")
  }
}
