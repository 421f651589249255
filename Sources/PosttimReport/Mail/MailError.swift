/// A value that cannot go into an e-mail header: the CLI maps it to exit
/// 64 (usage), since it always comes from an option or the config file.
public struct MailError: Error, Equatable, CustomStringConvertible {
  /// The failure's kind (each maps to a documented exit status).
  public enum Kind: Sendable, Equatable {
    /// CR, LF or NUL in a header value (RFC 5322 §2.2: header injection).
    case headerInjection
    /// Not an RFC 5322 mailbox (`name <local@domain>` or `local@domain`).
    case invalidAddress
    /// A subject pattern ICU MessageFormat cannot parse or format.
    case invalidSubject
    /// A message asked for without its envelope (sender, recipients).
    case noEnvelope
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

  /// Refuses every C0 control, DEL and C1 control: CR, LF or NUL would end
  /// the header and let the rest add headers or a body (header injection).
  /// - Parameter what: names the value in the message ("--subject").
  /// - Throws: ``Kind/headerInjection``.
  public static func checkHeaderSafe(_ value: String, what: String) throws(MailError) {
    if let name = firstControlCharacter(in: value) {
      throw MailError(.headerInjection, "\(what) contains a \(name), which is not allowed in an e-mail header")
    }
  }

  /// The first C0 control (tab included), DEL or C1 control in `value`,
  /// named for a message ("carriage return (CR)"); nil for none. RFC 5322
  /// header text is printable, and ESC or a C1 CSI would drive the
  /// reader's terminal.
  public static func firstControlCharacter(in value: String) -> String? {
    guard let scalar = value.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    else { return nil }
    switch scalar {
    case "\r": return "carriage return (CR)"
    case "\n": return "line feed (LF)"
    case "\0": return "NUL"
    default: return "control character " + PaddedDigits.codePoint(scalar.value)
    }
  }
}
