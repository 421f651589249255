import PosttimReport

extension ReportCommand {
  /// `--send`: the whole message is made in memory, then handed to
  /// sendmail in one piece (``SendmailDelivery``); nothing is written to
  /// standard output.
  func send(_ view: ReportView, writer: any ReportWriter, sendmail: String) throws {
    var message = ""
    try writer.write(view, to: &message)
    try SendmailDelivery.send(message, sendmail: sendmail)
  }
}
