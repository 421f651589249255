/// An Internet message (RFC 5322) whose body is `multipart/alternative`
/// (RFC 2046 §5.1.4) of UTF-8 text parts, in the wire form `sendmail -t`
/// reads: 7-bit ASCII, CRLF line ends, lines of at most 78 characters
/// where they can be folded and never over 998 octets.
public struct MIMEMessage: Sendable {
  /// One alternative: `text/plain` or `text/html`, UTF-8.
  public struct Part: Sendable {
    /// The media subtype of `text/…` ("plain", "html").
    public let subtype: String
    /// The part's text, before transfer encoding.
    public let text: String
    /// A `text/<subtype>` part holding `text` (UTF-8).
    public init(subtype: String, text: String) {
      self.subtype = subtype
      self.text = text
    }
  }

  /// The message's header fields, in order.
  public var headers: [HeaderField]
  /// Least preferred first (RFC 2046 §5.1.4): plain text, then HTML.
  public var parts: [Part]

  /// A message with `headers` and `parts` (several parts make a multipart/alternative, RFC 2046 §5.1.4).
  public init(headers: [HeaderField], parts: [Part]) {
    self.headers = headers
    self.parts = parts
  }

  /// The encoded parts: media type, transfer encoding and body.
  public func encodedParts() -> [(part: Part, encoding: TransferEncoding, body: String)] {
    parts.map { part in
      let (encoding, body) = TransferEncoding.encode(part.text)
      return (part, encoding, body)
    }
  }

  /// The whole message.
  ///
  /// The boundary starts with `=_`, which neither quoted-printable (where
  /// `=` is always followed by two hex digits or a line end) nor base64
  /// can produce, so it cannot occur in a part (RFC 2046 §5.1.1).
  public func rendered(boundary: String) -> String {
    var out = headers.map(\.rendered).joined()
    out += HeaderField(name: "MIME-Version", words: ["1.0"]).rendered
    out += HeaderField(name: "Content-Type", words: ["multipart/alternative;", "boundary=\"\(boundary)\""]).rendered
    out += "\r\n"
    for (part, encoding, body) in encodedParts() {
      out += "--" + boundary + "\r\n"
      out += HeaderField(name: "Content-Type", words: ["text/\(part.subtype);", "charset=utf-8"]).rendered
      out += HeaderField(name: "Content-Transfer-Encoding", words: [encoding.rawValue]).rendered
      out += "\r\n" + body
      // The CRLF before a delimiter belongs to the delimiter (§5.1.1).
      out += "\r\n"
    }
    out += "--" + boundary + "--\r\n"
    return out
  }

  /// `=_posttim_` and 96 random bits in hex.
  public static func makeBoundary() -> String {
    var generator = SystemRandomNumberGenerator()
    return "=_posttim_" + (0..<3).map { _ in String(generator.next() as UInt32, radix: 16) }.joined(separator: "_")
  }
}
