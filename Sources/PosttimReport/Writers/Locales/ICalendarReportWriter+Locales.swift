extension ICalendarReportWriter {
  /// Several locales' reports as the first locale's calendar: an event is
  /// the same whatever the language (same UID, instants and task text), so
  /// a subscribed calendar gets each task once; only the calendar's name
  /// (X-WR-CALNAME) is in the first locale.
  public func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) {
    write(reports[0], to: &output)
  }
}
