import PosttimTemplating

extension CSVReportWriter {
  /// The header of a several-locale table: `locale`, then ``header``.
  public static let localeHeader = ["locale"] + header

  /// Several locales' reports as one table (RFC 4180): the byte order mark
  /// once, ``localeHeader``, then each report's rows in turn, each starting
  /// with its ICU locale ID ("fr_CA", "ja_JP@calendar=japanese").
  public func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) {
    if byteOrderMark { output.write("\u{FEFF}") }
    writeRow(Self.localeHeader, to: &output)
    for report in reports {
      for section in report.sections {
        for task in section.tasks {
          var row = TextBuffer(capacity: 256)
          writeRow(of: task, leading: report.localeID, to: &row)
          row.write(to: &output)
        }
      }
    }
  }
}
