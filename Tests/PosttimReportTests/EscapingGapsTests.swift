import PosttimReport
import PosttimTemplating
import Testing

/// Characters that can hide or reorder text, per format (README
/// "Escaping"). Expected values written by hand from the rules: RFC 8259 §7
/// (JSON), UAX #9 X5c/X6a (isolates), RFC 5545 §3.3.11 (TEXT).
@Suite("Escaping: DEL, C1 controls, bidi overrides, Unicode line breaks")
struct EscapingGapsTests {
  @Test("JSON escapes DEL and the C1 controls (U+009B is a terminal's CSI)")
  func json() {
    #expect(
      JSONText.string("a\u{7F}b\u{80}c\u{85}d\u{9B}31m\u{9F}e\u{A0}f")
        == "\"a\\u007fb\\u0080c\\u0085d\\u009b31m\\u009fe\u{A0}f\"")
    #expect(JSONText.string("x\u{202E}y") == "\"x\u{202E}y\"")
  }

  static let fsi = "\u{2068}"
  static let pdi = "\u{2069}"

  @Test(
    "HTML isolates a value holding bidi embeddings, overrides or isolates; balanced, closing PDI last",
    arguments: [
      ("abc", "abc"),
      ("evil\u{202E}txt.exe", "\(fsi)evil\u{202E}txt.exe\(pdi)"),
      ("\u{202A}a\u{202B}b\u{202C}\u{202D}c", "\(fsi)\u{202A}a\u{202B}b\u{202C}\u{202D}c\(pdi)"),
      // An unmatched PDI would close our FSI early: dropped.
      ("\u{2069}\u{202E}x", "\(fsi)\u{202E}x\(pdi)"),
      // Isolates left open are closed before ours.
      ("\u{2067}a\u{2066}b", "\(fsi)\u{2067}a\u{2066}b\(pdi)\(pdi)\(pdi)"),
      ("\u{2068}a\u{2069}<", "\(fsi)\u{2068}a\u{2069}&lt;\(pdi)"),
    ])
  func html(input: String, expected: String) {
    #expect(HTMLEscaping.escape(input) == expected)
  }

  @Test("Markdown isolates the same way, after its own escaping")
  func markdown() {
    #expect(MarkdownEscaping.escape("a|\u{202E}b") == "\(Self.fsi)a\\|\u{202E}b\(Self.pdi)")
    #expect(MarkdownEscaping.escape("\u{2069}\u{2067}x") == "\(Self.fsi)\u{2067}x\(Self.pdi)\(Self.pdi)")
    #expect(MarkdownEscaping.escape("plain") == "plain")
  }

  @Test("iCalendar: NEL, U+2028 and U+2029 are line breaks; other C1 controls are left out")
  func icalendar() {
    #expect(ICalendarText.escapedText("a\u{85}b\u{2028}c\u{2029}d") == "a\\nb\\nc\\nd")
    #expect(ICalendarText.escapedText("a\u{9B}31mb\u{80}\u{9F}c\u{7F}") == "a31mbc")
    #expect(ICalendarText.escapedText("\u{202E}x") == "\u{202E}x")
  }
}
