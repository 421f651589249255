/// A value that cannot go into an e-mail header: the CLI maps it to exit
/// 64 (usage), since it always comes from an option or the config file.
public struct MailError: Error, Equatable, CustomStringConvertible {
  /// The failure's kind (each maps to a documented exit status).
  public enum Kind: Sendable, Equatable {
    /// CR, LF or NUL in a header value (RFC 5322 §2.2: header injection).
    case headerInjection
    /// Not an RFC 5322 mailbox (`name <local@domain>` or `local@domain`).
    case invalidAddress
    /// A `--subject` pattern ICU MessageFormat cannot parse or format.
    case invalidSubject
  }

  /// What kind of failure, which decides the exit status.
  public let kind: Kind
  /// The reason, one line.
  public let message: String

  /// An error of `kind` with its one-line message.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }

  /// Refuses CR, LF and NUL: one of them would end the header and let the
  /// rest of the value add headers or a body (header injection).
  /// - Parameter what: names the value in the message ("--subject").
  /// - Throws: ``Kind/headerInjection``.
  public static func checkHeaderSafe(_ value: String, what: String) throws(MailError) {
    for scalar in value.unicodeScalars where scalar == "\r" || scalar == "\n" || scalar == "\0" {
      let name = scalar == "\r" ? "carriage return (CR)" : scalar == "\n" ? "line feed (LF)" : "NUL"
      throw MailError(.headerInjection, "\(what) contains a \(name), which is not allowed in an e-mail header")
    }
  }
}
