/// The Content-Transfer-Encoding of a text part (RFC 2045 §6): whichever
/// of quoted-printable and base64 is shorter for this text. Mostly-ASCII
/// text (HTML markup, French) reads best and is shortest in
/// quoted-printable; Arabic, Hebrew or Japanese text is a third the size
/// in base64. Both keep every line within 76 characters.
///
/// The part holds the text in canonical form (RFC 2046 §4.1.1): line
/// breaks are CRLF, so base64 carries CRLF and quoted-printable carries
/// CRLF hard line breaks; a decoder gives back the text with CRLF (or, for
/// quoted-printable, the platform's line ends).
public enum TransferEncoding: String, Sendable {
  /// Quoted-printable (RFC 2045 §6.7), for mostly-ASCII text.
  case quotedPrintable = "quoted-printable"
  /// Base64 (RFC 2045 §6.8), for mostly non-ASCII text.
  case base64 = "base64"

  /// The shorter encoding of `text` and the encoded body (lines ending in CRLF).
  public static func encode(_ text: String) -> (TransferEncoding, String) {
    let quoted = QuotedPrintable.body(text)
    let canonical = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
    let base64 = Base64Lines.body(Array(canonical.utf8))
    return quoted.utf8.count <= base64.utf8.count ? (.quotedPrintable, quoted) : (.base64, base64)
  }
}
