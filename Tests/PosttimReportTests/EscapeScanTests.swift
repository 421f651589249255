import Testing

@testable import PosttimReport
@testable import PosttimTemplating

/// The HTML and Markdown escapers share one quick scan (``EscapeScan``:
/// whether a text needs escaping at all), which tells the scalars they
/// change from their neighbours by their bytes: it must find every one of
/// them, where the full escaping changes the text. The rows' escaper over
/// lent UTF-8 and the `String` escaper must agree with the full one too.
@Suite("The escapers' quick scan")
struct EscapeScanTests {
  struct Escaper: Sendable, CustomStringConvertible {
    let description: String
    let full: @Sendable (UnsafeBufferPointer<UInt8>) -> String
    let rows: TemplateByteEscape
    let escape: @Sendable (String) -> String
    /// Scalars from U+0080 it changes: C1 controls, bidi formatting
    /// characters, noncharacters, and for Markdown U+2028 and U+2029.
    let changedScalars: Int
  }

  static let escapers = [
    Escaper(
      description: "HTML", full: { HTMLEscaping.escapeSlowly($0) }, rows: HTMLEscaping.byteEscape,
      escape: HTMLEscaping.escape, changedScalars: 32 + 9 + 32 + 2 + 16 * 2),
    Escaper(
      description: "Markdown", full: { MarkdownEscaping.escapeSlowly($0) }, rows: MarkdownEscaping.byteEscape,
      escape: MarkdownEscaping.escape, changedScalars: 32 + 2 + 9 + 32 + 2 + 16 * 2),
  ]

  @Test(
    "every scalar from U+0080 to U+FFFF, and the noncharacters of every plane, alone and between letters",
    arguments: escapers)
  func everyScalar(escaper: Escaper) {
    var scalars = (0x80...0xFFFF).compactMap(Unicode.Scalar.init)
    for plane in 1...16 {
      scalars += [plane << 16 | 0xFFFE, plane << 16 | 0xFFFF, plane << 16].compactMap(Unicode.Scalar.init)
    }
    var changed = 0
    for scalar in scalars {
      for text in [String(Character(scalar)), "a" + String(Character(scalar)) + "é b"] {
        let full = text.withUTF8Bytes(escaper.full)
        var buffer = TextBuffer()
        text.withUTF8Bytes { escaper.rows($0, &buffer) }
        #expect(buffer.text == full, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        #expect(escaper.escape(text) == full)
        if full != text { changed += 1 }
      }
    }
    #expect(changed == 2 * escaper.changedScalars)
  }
}
