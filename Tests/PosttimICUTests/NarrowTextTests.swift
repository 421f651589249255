import Testing
import TestSupport

@testable import PosttimICU

/// Narrow text (``NarrowText``) is measured, trimmed and wrapped on its
/// bytes; held here to the grapheme-cluster code every other text takes.
@Suite("Narrow text: byte-wise width, trimming and wrapping as the general code")
struct NarrowTextTests {
  static let narrowScalars: [Unicode.Scalar] =
    (Array(0x20..<0x7F) + Array(0xA0..<0x300) + Array(0x2010...0x2027)).compactMap(Unicode.Scalar.init)

  /// Narrow scalars, the spaces weighted, and others next to them (controls,
  /// marks, a wide letter, an emoji, separators, other spaces).
  static let alphabet: [Unicode.Scalar] =
    narrowScalars + Array(repeating: " ", count: 60) + Array(repeating: "\u{A0}", count: 10)
    + [
      0x09, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0x2FF, 0x300, 0x301, 0x200B, 0x200D, 0x200F, 0x2028, 0x2029, 0x202F,
      0x2066, 0x2069, 0x3000, 0x65E5, 0x1F382, 0xFE0F, 0x0627, 0x05D0, 0x2009, 0x2212,
    ].compactMap(Unicode.Scalar.init)

  @Test("every narrow scalar is one column and a grapheme cluster of its own")
  func scalars() {
    for scalar in Self.narrowScalars {
      let text = String(Character(scalar))
      #expect(DisplayWidth.clusterWidth(text) == 1, "U+\(String(scalar.value, radix: 16))")
      #expect(("a" + text).count == 2 && (text + "a").count == 2 && (text + text).count == 2)
      #expect(NarrowText.withBytes(text, NarrowText.width) == 1)
    }
    for scalar in [0x1F, 0x7F, 0x80, 0x9F, 0x300, 0x200F, 0x2028, 0x2212].compactMap(Unicode.Scalar.init) {
      #expect(NarrowText.withBytes(String(Character(scalar)), NarrowText.width) == nil)
    }
  }

  @Test("random texts: width, single line and wrapping as cluster by cluster")
  func random() {
    var generator = SplitMix64(seed: 0x7E47)
    for round in 0..<4_000 {
      var text = ""
      // Half the texts narrow only, so the byte paths run.
      let pool = round.isMultiple(of: 2) ? Self.narrowScalars + [" ", " ", " "] : Self.alphabet
      for _ in 0..<Int.random(in: 0...60, using: &generator) {
        text.unicodeScalars.append(pool.randomElement(using: &generator)!)
      }
      let columns = Int.random(in: 2...30, using: &generator)
      let scalars = "\(Array(text.unicodeScalars))"
      #expect(DisplayWidth.of(text) == DisplayWidth.clusterWidth(text), "\(scalars)")
      #expect(TerminalText.singleLine(text) == TerminalText.singleLineByScalar(text, separator: " · "), "\(scalars)")
      #expect(
        DisplayWidth.wrapped(text, to: columns) == DisplayWidth.wrappedByCluster(text, to: columns),
        "\(scalars) \(columns)")
    }
  }

  @Test("spaces at the ends and between words, no-break spaces, and words longer than the line")
  func edges() {
    let texts = [
      "", " ", "  a  ", "\u{A0}a b\u{A0}", "a\u{A0}\u{A0}b", "abcdefghij", "abcdefghijk lm", "a  b   c", "é—è…’ x",
      "ab cd ef", "\u{A0} \u{A0}",
    ]
    for text in texts {
      for columns in 2...12 {
        #expect(DisplayWidth.wrapped(text, to: columns) == DisplayWidth.wrappedByCluster(text, to: columns))
      }
      #expect(TerminalText.singleLine(text) == TerminalText.singleLineByScalar(text, separator: " · "))
    }
  }
}
