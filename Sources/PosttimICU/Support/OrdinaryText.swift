/// Text made of ordinary characters only: letters, marks, numbers, space
/// separators, punctuation and symbols outside ASCII, the ASCII
/// punctuation dates and numbers print (`, . : ; / ( ) + - %`), and the
/// implicit directional marks ICU writes in right-to-left dates (LRM, RLM,
/// ALM: they neither embed nor isolate). Not ordinary: controls, other
/// format characters (bidi embeddings, overrides and isolates, joiners),
/// unassigned and private-use code points, line and paragraph separators,
/// and any other ASCII punctuation (quotes, `&`, `<`, `*`…).
///
/// Kept texts record it once (``PublishedTexts``): most formatted dates
/// are ordinary, and a reader that writes them into markup can skip its
/// own check of each value on finding they are.
package enum OrdinaryText {
  /// Whether every scalar of `text` is ordinary.
  package static func isOrdinary(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(isOrdinary)
  }

  /// Whether `scalar` is ordinary.
  package static func isOrdinary(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || datePunctuation.contains(byte)
    }
    if scalar == "\u{200E}" || scalar == "\u{200F}" || scalar == "\u{061C}" { return true }
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return false
    default: return true
    }
  }

  /// Space and the ASCII punctuation dates and numbers print.
  private static let datePunctuation = Array(" ,.:;/()+-%".utf8)
}
