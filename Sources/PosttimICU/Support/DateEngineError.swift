/// A locale, time zone, skeleton or pattern that the date engine refuses.
///
/// ICU itself accepts almost anything (an unknown locale silently falls
/// back to root, an unknown zone to GMT), so these checks are ours. The CLI
/// maps every case to exit status 64 (EX_USAGE).
public enum DateEngineError: Error, Equatable, CustomStringConvertible {
  /// The text is not a usable ICU locale ID or BCP 47 language tag.
  case invalidLocale(String, reason: String)
  /// The text is not an IANA time zone ID (or a `GMT±hh:mm` custom ID).
  case invalidTimeZone(String)
  /// The text is not a UTS #35 skeleton.
  case invalidSkeleton(String, reason: String)
  /// The text is not a UTS #35 date pattern.
  case invalidPattern(String, reason: String)
  /// The text is not an ISO 8601 date or date-time.
  case invalidDate(String, reason: String)

  /// One line; the offending text is quoted through
  /// ``TerminalText/echo(_:)``, so no control character reaches a terminal.
  public var description: String {
    switch self {
    case .invalidLocale(let text, let reason):
      return "invalid locale \"\(TerminalText.echo(text))\": \(reason)"
    case .invalidTimeZone(let text):
      return "unknown time zone \"\(TerminalText.echo(text))\" (expected an IANA time zone ID such as America/Toronto)"
    case .invalidSkeleton(let text, let reason):
      return "invalid skeleton \"\(TerminalText.echo(text))\": \(reason)"
    case .invalidPattern(let text, let reason):
      return "invalid pattern \"\(TerminalText.echo(text))\": \(reason)"
    case .invalidDate(let text, let reason):
      return "invalid date \"\(TerminalText.echo(text))\": \(reason)"
    }
  }
}
