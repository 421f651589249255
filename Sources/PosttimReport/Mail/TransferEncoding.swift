import PosttimTemplating

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
    // Base64's length is known from the input's: made only when it is shorter.
    guard quoted.utf8.count > Base64Lines.bodyLength(ofBytes: canonicalCount(text)) else {
      return (.quotedPrintable, quoted)
    }
    return (.base64, Base64Lines.body(canonicalBytes(text)))
  }

  /// The length of ``canonicalBytes(_:)``: a byte more for each LF not after a CR.
  static func canonicalCount(_ text: String) -> Int {
    text.withUTF8Bytes { bytes in
      var count = bytes.count
      var previous: UInt8 = 0
      for byte in bytes {
        if byte == 0x0A && previous != 0x0D { count += 1 }
        previous = byte
      }
      return count
    }
  }

  /// The UTF-8 of `text` with every LF not already after a CR made CRLF
  /// (a lone CR stays), in one pass over the bytes: Foundation's
  /// `replacingOccurrences` went through UTF-16 and took a third of a
  /// message's time.
  static func canonicalBytes(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + text.utf8.count / 16)
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == 0x0A && previous != 0x0D { bytes.append(0x0D) }
      bytes.append(byte)
      previous = byte
    }
    return bytes
  }
}
