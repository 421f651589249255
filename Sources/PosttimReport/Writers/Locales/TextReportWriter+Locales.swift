import PosttimICU

extension TextReportWriter {
  /// Several locales' reports one after the other, each under its
  /// locale's name in its own language (``ReportView/nativeLocaleName``)
  /// and a line of `=` as wide as the name (UAX #11 columns), then a blank
  /// line; reports are separated by a blank line.
  public func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) {
    for (index, report) in reports.enumerated() {
      let name = TerminalText.singleLine(report.nativeLocaleName)
      output.write((index == 0 ? "" : "\n") + styled(name, .bold) + "\n")
      output.write(String(repeating: "=", count: max(1, DisplayWidth.of(name))) + "\n\n")
      write(report, to: &output)
    }
  }
}
