/// Keeps right-to-left text inside its own cell of a left-to-right
/// terminal table, following UAX #9 (the Unicode Bidirectional Algorithm).
///
/// Why: a terminal that implements bidi (VTE/GNOME Terminal, Konsole,
/// mlterm, and the like) treats each line as one paragraph. In a line such as
/// `ar_EG  d MMM y، h:mm a  ٣٠ نوفمبر ٢٠٢٦، ٩:٠٠ ص`, the spaces and
/// digits between columns take the direction of the Arabic around them
/// (UAX #9 rules W1–W7, N1–N2), so parts of neighbouring columns can swap
/// places on screen, and two Arabic-digit cells side by side come out in
/// reverse order. A cell whose text starts with a strong right-to-left
/// letter can also turn the whole line right to left (rule P2).
///
/// Wrapping the cell in FIRST STRONG ISOLATE (U+2068) … POP DIRECTIONAL
/// ISOLATE (U+2069) makes its contents an isolate (UAX #9 §2.7, rules
/// X5c, X6a, BD8). Text outside treats the isolate as one neutral
/// character (like U+FFFC), P2 skips it when choosing the line's direction,
/// and the cell's own direction comes from its first strong character.
/// The columns keep their left-to-right order, whatever each one holds.
/// Both characters are format characters (Cf): 0 columns wide (see
/// ``DisplayWidth``), and terminals without bidi support show nothing for
/// them.
///
/// Only cells that need it are wrapped, so ASCII output stays plain for
/// `grep` and copy-paste.
public enum BidiIsolation {
  /// U+2068 FIRST STRONG ISOLATE.
  public static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
  /// U+2069 POP DIRECTIONAL ISOLATE.
  public static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

  /// True when `text` could reorder its neighbours: it holds a strong
  /// right-to-left character (Bidi_Class R, AL), an Arabic-Indic digit
  /// (AN), or an explicit bidi formatting character (LRE, RLE, LRO, RLO,
  /// PDF, LRI, RLI, FSI, PDI), which could otherwise leak past the cell.
  public static func needsIsolation(_ text: String) -> Bool {
    // Every scalar from U+0590 has a lead byte from 0xD6.
    guard NarrowText.withBytes(text, { bytes in bytes.contains { $0 >= 0xD6 } }) else { return false }
    return text.unicodeScalars.contains { scalar in
      // Nothing below U+0590 (Hebrew) is R, AL, AN or a formatting character.
      guard scalar.value >= 0x0590 else { return false }
      switch UnicodeProperties.bidiClass(scalar) {
      case .rightToLeft, .arabicLetter, .arabicNumber, .leftToRightEmbedding,
        .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride,
        .popDirectionalFormat, .leftToRightIsolate, .rightToLeftIsolate,
        .firstStrongIsolate, .popDirectionalIsolate:
        return true
      default:
        return false
      }
    }
  }

  /// `text` wrapped in FSI…PDI when ``needsIsolation(_:)``, else unchanged.
  ///
  /// The text's own isolates are balanced first, so the closing PDI always
  /// matches the opening FSI: a PDI with no initiator in the cell is
  /// dropped, and PDIs are added for initiators left open. Embeddings and
  /// overrides left open (LRE…RLO without PDF) need nothing: the closing
  /// PDI ends them (UAX #9 rule X6a). The display width is unchanged.
  public static func isolated(_ text: String) -> String {
    guard needsIsolation(text) else { return text }
    var result = String.UnicodeScalarView()
    result.append(firstStrongIsolate)
    var open = 0
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x2066, 0x2067, 0x2068:
        open += 1
      case 0x2069:
        guard open > 0 else { continue }
        open -= 1
      default:
        break
      }
      result.append(scalar)
    }
    for _ in 0..<open { result.append(popDirectionalIsolate) }
    result.append(popDirectionalIsolate)
    return String(result)
  }
}
