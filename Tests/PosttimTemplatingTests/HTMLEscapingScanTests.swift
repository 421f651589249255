import Testing

@testable import PosttimTemplating

/// The HTML escaper's quick scan (whether a text needs escaping at all)
/// tells the scalars it changes from their neighbours by their bytes: it
/// must find every one of them, where the full escaping changes the text.
@Suite("HTML escaping's quick scan")
struct HTMLEscapingScanTests {
  /// The escaped text, with the quick scan and without it.
  static func both(_ text: String) -> (scanned: String, full: String) {
    var copy = text
    let full = copy.withUTF8 { HTMLEscaping.escapeSlowly($0) }
    var buffer = TextBuffer()
    copy.withUTF8 { HTMLEscaping.escapeUTF8($0, into: &buffer) }
    return (buffer.text, full)
  }

  @Test("every scalar from U+0080 to U+FFFF, and the noncharacters of every plane, alone and between letters")
  func everyScalar() {
    var scalars = (0x80...0xFFFF).compactMap(Unicode.Scalar.init)
    for plane in 1...16 {
      scalars += [plane << 16 | 0xFFFE, plane << 16 | 0xFFFF, plane << 16].compactMap(Unicode.Scalar.init)
    }
    var changed = 0
    for scalar in scalars {
      for text in [String(Character(scalar)), "a" + String(Character(scalar)) + "é b"] {
        let (scanned, full) = Self.both(text)
        #expect(scanned == full, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        #expect(HTMLEscaping.escape(text) == full)
        if full != text { changed += 1 }
      }
    }
    // The C1 controls, bidi formatting characters and noncharacters, twice each.
    #expect(changed == 2 * (32 + 9 + 32 + 2 + 16 * 2))
  }
}
