import PosttimReport

extension ReportCommand {
  /// `--send`: the whole message is made in memory, then handed to
  /// sendmail in one piece (``SendmailDelivery``); nothing is written to
  /// standard output.
  /// Several locales make one multi-language message (``LocaleReports``).
  /// A signal while sendmail runs kills it too (``SignalCleanup``).
  func send(_ views: [ReportView], writer: any ReportWriter, sendmail: String, timeout: Int) throws {
    var message = ""
    try LocaleReports.write(views, with: writer, to: &message)
    try SendmailDelivery.send(message, sendmail: sendmail, timeout: timeout, hook: SignalCleanup())
  }
}
