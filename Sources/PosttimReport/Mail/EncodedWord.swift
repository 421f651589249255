/// RFC 2047 encoded words (`=?UTF-8?B?…?=`) for non-ASCII header text.
///
/// The "B" (base64) encoding is used: it is shorter than "Q" for the
/// non-Latin scripts the reports are in (Arabic, Hebrew, Japanese) and may
/// stand anywhere a word may, phrases included (RFC 2047 §5).
public enum EncodedWord {
  /// UTF-8 bytes per encoded word: 39 bytes → 52 base64 characters + 12 =
  /// 64 characters, so `Reply-To: ` and one word fit in 78 columns, and
  /// every word stays under RFC 2047's 75 (§2).
  public static let maximumBytes = 39

  /// Encodes `text` as one or more encoded words, to be written separated
  /// by folding white space (a decoder joins adjacent encoded words without
  /// that space, RFC 2047 §6.2).
  ///
  /// A word never ends inside a UTF-8 sequence (§5: each word must hold
  /// whole characters); it ends between grapheme clusters where one fits,
  /// else between scalars (a cluster longer than ``maximumBytes``).
  public static func encode(_ text: String) -> [String] {
    var words: [String] = []
    var chunk: [UInt8] = []
    func flush() {
      if !chunk.isEmpty { words.append("=?UTF-8?B?" + Base64Lines.encode(chunk) + "?=") }
      chunk = []
    }
    for character in text {
      let bytes = Array(String(character).utf8)
      if chunk.count + bytes.count <= maximumBytes {
        chunk += bytes
        continue
      }
      flush()
      if bytes.count <= maximumBytes {
        chunk = bytes
        continue
      }
      for scalar in character.unicodeScalars {
        let scalarBytes = Array(String(scalar).utf8)
        if chunk.count + scalarBytes.count > maximumBytes { flush() }
        chunk += scalarBytes
      }
    }
    flush()
    return words
  }
}
