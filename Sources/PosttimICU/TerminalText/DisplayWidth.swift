/// How many terminal columns text takes, for aligning plain-text tables.
///
/// Source followed: UAX #11 (East Asian Width) for the base widths, with
/// the conventions of terminals and of Markus Kuhn's `wcwidth` for the
/// rest, and UAX #29 grapheme clusters (Swift's `Character`) so that an
/// emoji sequence counts once. Character properties come from the system
/// ICU (ICU 72, Unicode 15.0) through the C shim.
///
/// Per Unicode scalar:
/// - East_Asian_Width W (wide) and F (fullwidth): 2 columns;
/// - A (ambiguous, e.g. `…`, `·`, `é` is N): 1 column, as in a non-CJK
///   terminal (a terminal set to "ambiguous = wide" shows them 2 wide);
/// - non-spacing and enclosing marks (Mn, Me): 0, they draw on the base;
///   spacing marks (Mc) take their own column, as `wcwidth` says;
/// - format characters (Cf: ZWJ U+200D, LRM/RLM U+200E/U+200F, ALM
///   U+061C, isolates U+2066…U+2069, ZWSP U+200B): 0; except U+00AD SOFT
///   HYPHEN, which terminals draw as a hyphen (1, as in `wcwidth`);
/// - Hangul vowel and trailing jamo (Hangul_Syllable_Type V, T): 0, they
///   join the leading jamo's two-column cell;
/// - control characters (Cc): 0. Terminals act on them instead of showing
///   them; clean text with ``TerminalText/singleLine(_:separator:)`` first.
///
/// Per grapheme cluster (what a user sees as one character): the sum of
/// its scalars' widths, except that a cluster shown as an emoji is 2
/// columns: one holding an Emoji_Presentation scalar (UTS #51: 😀, a
/// skin-tone modifier, a regional-indicator flag 🇨🇦) or an Emoji scalar
/// followed by U+FE0F VARIATION SELECTOR-16 (❤️, the keycap 1️⃣). So
/// "👩‍👩‍👧" (a ZWJ sequence of five scalars) is 2 columns.
///
/// Limits: terminals without grapheme-cluster support (most `wcwidth`-based
/// ones) draw a ZWJ sequence as its parts, wider than 2 columns; and a
/// font may draw what it lacks differently. No table can fix either.
public enum DisplayWidth {
  /// Where padding goes in a left-to-right terminal.
  public enum Alignment: Sendable, Hashable {
    /// Text first, then spaces.
    case left
    /// Spaces first, then text (numbers).
    case right
  }

  /// The number of columns `text` takes (0 for the empty string).
  public static func of(_ text: String) -> Int {
    if let width = NarrowText.withBytes(text, NarrowText.width) { return width }
    return clusterWidth(text)
  }

  /// ``of(_:)-(String)``, grapheme cluster by cluster (any text).
  static func clusterWidth(_ text: String) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// The number of columns one grapheme cluster takes: 0, 1 or 2 for any
  /// single visible character (more only for clusters of several spacing
  /// characters, such as some Indic conjuncts).
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    // Printable ASCII: 1 column, without asking ICU.
    if let first = scalars.first, (0x20..<0x7F).contains(first.value),
      scalars.index(after: scalars.startIndex) == scalars.endIndex
    {
      return 1
    }
    var sum = 0
    var isEmoji = false
    var previous: Unicode.Scalar?
    for scalar in scalars {
      if UnicodeProperties.isEmojiPresentation(scalar) {
        isEmoji = true
      } else if scalar.value == 0xFE0F, let previous, UnicodeProperties.isEmoji(previous) {
        isEmoji = true
      }
      sum += width(of: scalar)
      previous = scalar
    }
    return isEmoji ? 2 : sum
  }

  /// The width of one scalar out of context (see the type's rules).
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if (0x20..<0x7F).contains(value) { return 1 }
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value == 0xAD { return 1 }
    switch UnicodeProperties.category(scalar) {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    case .spacingMark, nil: break
    }
    switch UnicodeProperties.hangulSyllableType(scalar) {
    case .vowelJamo, .trailingJamo: return 0
    default: break
    }
    switch UnicodeProperties.eastAsianWidth(scalar) {
    case .wide, .fullwidth: return 2
    default: return 1
    }
  }

  /// `text` padded with spaces (U+0020) to `columns` columns; text that is
  /// already as wide or wider is returned unchanged (never cut: see
  /// ``truncated(_:to:ellipsis:)``).
  public static func padded(_ text: String, to columns: Int, alignment: Alignment = .left) -> String {
    let missing = columns - of(text)
    guard missing > 0 else { return text }
    let spaces = String(repeating: " ", count: missing)
    return alignment == .left ? text + spaces : spaces + text
  }

  /// `text` cut to at most `columns` columns at a grapheme-cluster
  /// boundary, ending in `ellipsis` when something was cut (whitespace
  /// before the ellipsis is dropped). Text that fits is returned
  /// unchanged; `columns` ≤ 0 gives "".
  ///
  ///     DisplayWidth.truncated("日本語のテキスト", to: 7)  // "日本語…" (7 columns)
  public static func truncated(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
    guard columns > 0 else { return "" }
    guard of(text) > columns else { return text }
    let budget = columns - of(ellipsis)
    guard budget >= 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let width = of(character)
      if used + width > budget { break }
      result.append(character)
      used += width
    }
    while let last = result.last, last.isWhitespace { result.removeLast() }
    return result + ellipsis
  }
}
