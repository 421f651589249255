import PosttimReport

extension ReportCommand {
  /// `--send`: the whole message is made in memory, then handed to
  /// sendmail in one piece (``SendmailDelivery``); nothing is written to
  /// standard output.
  /// Several locales make one multi-language message (``ReportWriter/write(several:to:)``).
  func send(_ views: [ReportView], writer: any ReportWriter, sendmail: String) throws {
    var message = ""
    try writer.write(views, to: &message)
    try SendmailDelivery.send(message, sendmail: sendmail)
  }
}
