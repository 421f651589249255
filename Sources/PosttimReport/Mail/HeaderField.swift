/// One header field (RFC 5322 §2.2), kept as words and folded on output.
///
/// The value is a list of words that are written separated by one space;
/// the field is folded (CRLF + space, §2.2.3) at those spaces so that no
/// line exceeds 78 characters. A word is never split: text that would make
/// a long word (over 76 characters) is sent as encoded words, so only a
/// pathological value (a 900-character address) can make a long line, and
/// it stays under the 998-octet limit (§2.1.1) because addresses are
/// checked to be shorter (``MailAddress``).
public struct HeaderField: Sendable, Equatable {
  /// The field name ("Subject"), ASCII (RFC 5322 §2.2).
  public let name: String
  /// The field body as words, folded between them when a line gets long (RFC 5322 §2.2.3).
  public let words: [String]

  /// Characters per line before folding (§2.1.1 "SHOULD be no more than 78").
  public static let lineLength = 78

  /// A field from words that are already valid header text (ASCII).
  public init(name: String, words: [String]) {
    self.name = name
    self.words = words
  }

  /// An unstructured field (`Subject`, §3.6.5) from any Unicode text.
  ///
  /// Words of printable ASCII stay as they are; runs of words holding
  /// anything else (non-ASCII, controls, tabs, `=?`, or over 76
  /// characters) become RFC 2047 encoded words. A run is encoded whole,
  /// the spaces inside it included, because a decoder drops the white
  /// space between two adjacent encoded words.
  /// - Throws: ``MailError`` for CR, LF or NUL in `text`.
  public static func unstructured(_ name: String, _ text: String) throws(MailError) -> HeaderField {
    try MailError.checkHeaderSafe(text, what: name)
    let plain: (Substring) -> Bool = { word in
      !word.isEmpty && word.count <= 76 && !word.contains("=?")
        && word.unicodeScalars.allSatisfy { $0.value >= 0x21 && $0.value <= 0x7E }
    }
    var words: [String] = []
    var run: [Substring] = []
    func flushRun() {
      guard !run.isEmpty else { return }
      words += EncodedWord.encode(run.joined(separator: " "))
      run = []
    }
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if plain(word) {
        flushRun()
        words.append(String(word))
      } else {
        run.append(word)
      }
    }
    flushRun()
    return HeaderField(name: name, words: words)
  }

  /// The field as written: `Name: words`, folded, ending in CRLF.
  public var rendered: String {
    var out = name + ":"
    var column = out.count
    for word in words {
      if column + 1 + word.count > Self.lineLength, column > name.count + 1 {
        out += "\r\n"
        column = 0
      }
      out += " " + word
      column += 1 + word.count
    }
    return out + "\r\n"
  }
}
