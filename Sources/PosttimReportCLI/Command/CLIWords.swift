import PosttimICU
import PosttimReport

/// The command line's words for what the libraries name in theirs: a
/// library error never names an option, so its hints name the concept
/// ("a pattern"), and the CLI puts its option in their place.
enum CLIWords {
  /// Library phrase → the command line's.
  static let phrases = [
    (DateFormatSpec.verbatimHint, "use --pattern to print text verbatim"),
    (SendmailDelivery.otherProgramHint, "or name one with --sendmail PATH"),
    (SendmailDelivery.timeLimitPhrase, "(--send-timeout)"),
    (WriteWait.timeLimitPhrase, "(--write-timeout)"),
    (DateEngineError.otherZoneHint, "or name the zone with -z (--time-zone)"),
  ]

  /// `message` with every library phrase in the command line's words.
  static func replacing(in message: String) -> String {
    phrases.reduce(message) { $0.replacingLiteral($1.0, with: $1.1) }
  }
}
