/// An Internet message (RFC 5322) with a MIME body (RFC 2045, 2046) of
/// UTF-8 text parts, in the wire form `sendmail -t` reads: 7-bit ASCII,
/// CRLF line ends, lines of at most 78 characters where they can be folded
/// and never over 998 octets.
///
/// The body is a tree (``Entity``): the report is a `multipart/alternative`
/// of its text and HTML; an attachment would wrap it in a
/// `multipart/mixed` next to, say, a `text/calendar` part.
public struct MIMEMessage: Sendable {
  /// One UTF-8 text part: `text/plain`, `text/html`, `text/calendar`…
  public struct Part: Sendable {
    /// The media subtype of `text/…` ("plain", "html", "calendar").
    public let subtype: String
    /// The part's text, before transfer encoding.
    public let text: String
    /// Content-Type parameters before `charset` (`method=PUBLISH`, which
    /// RFC 5545 §8.1 wants on a `text/calendar` part).
    public let parameters: [String]
    /// A file name: the part is an attachment (RFC 2183
    /// `Content-Disposition`); nil for a part shown in the message.
    public let fileName: String?
    /// A `text/<subtype>` part holding `text` (UTF-8).
    public init(subtype: String, text: String, parameters: [String] = [], fileName: String? = nil) {
      self.subtype = subtype
      self.text = text
      self.parameters = parameters
      self.fileName = fileName
    }
  }

  /// A MIME entity: a text part, or a multipart of entities.
  public indirect enum Entity: Sendable {
    /// A `text/<subtype>` part.
    case part(Part)
    /// `multipart/<subtype>` (RFC 2046 §5.1): "alternative" (least
    /// preferred first), "mixed"…
    case multipart(subtype: String, [Entity])

    /// A `text/<subtype>` part holding `text`.
    public static func text(_ subtype: String, _ text: String) -> Entity { .part(Part(subtype: subtype, text: text)) }
    /// `multipart/alternative`: the same content in several forms, least
    /// preferred first (RFC 2046 §5.1.4).
    public static func alternative(_ entities: [Entity]) -> Entity { .multipart(subtype: "alternative", entities) }
  }

  /// The message's header fields, in order.
  public var headers: [HeaderField]
  /// The body.
  public var body: Entity

  /// A message with `headers` and `body`.
  public init(headers: [HeaderField], body: Entity) {
    self.headers = headers
    self.body = body
  }

  /// A message whose body is a `multipart/alternative` of `parts`.
  public init(headers: [HeaderField], parts: [Part]) {
    self.init(headers: headers, body: .alternative(parts.map(Entity.part)))
  }

  /// The text parts, in order, depth first.
  public var parts: [Part] {
    func parts(of entity: Entity) -> [Part] {
      switch entity {
      case .part(let part): return [part]
      case .multipart(_, let entities): return entities.flatMap(parts(of:))
      }
    }
    return parts(of: body)
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
  /// can produce, so it cannot occur in a part (RFC 2046 §5.1.1). A
  /// multipart nested at depth N (from 1) uses `=_N` + `boundary` without
  /// its `=_`: no boundary is the start of another.
  public func rendered(boundary: String) -> String {
    var out = headers.map(\.rendered).joined()
    out += HeaderField(name: "MIME-Version", words: ["1.0"]).rendered
    Self.render(body, boundary: boundary, depth: 0, into: &out)
    return out
  }

  /// An entity's own header fields, a blank line and its content.
  private static func render(_ entity: Entity, boundary: String, depth: Int, into out: inout String) {
    switch entity {
    case .part(let part):
      let (encoding, body) = TransferEncoding.encode(part.text)
      // A file name in the type's `name` too, for readers that predate RFC 2183.
      let name = part.fileName.map { ["name=\"\($0)\""] } ?? []
      let parameters = (part.parameters + ["charset=utf-8"] + name).enumerated().map { index, parameter in
        index < part.parameters.count + name.count ? parameter + ";" : parameter
      }
      out += HeaderField(name: "Content-Type", words: ["text/\(part.subtype);"] + parameters).rendered
      out += HeaderField(name: "Content-Transfer-Encoding", words: [encoding.rawValue]).rendered
      if let fileName = part.fileName {
        out += HeaderField(name: "Content-Disposition", words: ["attachment;", "filename=\"\(fileName)\""]).rendered
      }
      out += "\r\n" + body
    case .multipart(let subtype, let entities):
      let delimiter = depth == 0 ? boundary : "=_\(depth)" + boundary.dropFirst(2)
      out += HeaderField(name: "Content-Type", words: ["multipart/\(subtype);", "boundary=\"\(delimiter)\""]).rendered
      out += "\r\n"
      for entity in entities {
        out += "--" + delimiter + "\r\n"
        render(entity, boundary: boundary, depth: depth + 1, into: &out)
        // The CRLF before a delimiter belongs to the delimiter (§5.1.1).
        out += "\r\n"
      }
      out += "--" + delimiter + "--" + (depth == 0 ? "\r\n" : "")
    }
  }

  /// `=_posttim_` and 96 random bits in hex.
  public static func makeBoundary() -> String {
    var generator = SystemRandomNumberGenerator()
    return "=_posttim_" + (0..<3).map { _ in String(generator.next() as UInt32, radix: 16) }.joined(separator: "_")
  }
}
