import PosttimReport
import PosttimTemplating
import Testing

/// The escapers skip values with nothing to escape after a byte scan
/// (`ScalarScan`). Expected values are written by hand from each format's
/// rules: text with only letters, accents, dashes, typographic quotes and
/// (narrow) no-break spaces comes back as it is; one character that needs
/// work anywhere in the value, one or several bytes long, is still handled.
/// A noncharacter (Swift literals refuse them).
private func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

@Suite("Escaping fast paths")
struct EscapingFastPathTests {
  static let plain = [
    "Détail de la tâche 7 — à faire avant la date.", "l’équipe", "09\u{202F}h\u{A0}00", "日本語 🎂", "",
  ]

  @Test("values needing nothing are returned unchanged", arguments: plain)
  func unchanged(text: String) {
    #expect(HTMLEscaping.escape(text) == text)
    #expect(MarkdownEscaping.escape(text) == text)
    #expect(CSVReportWriter().quoted(text) == text)
  }

  @Test(
    "HTML: a character needing work after non-ASCII text",
    arguments: [
      ("é — <", "é — &lt;"), ("é\u{85}", "é\u{FFFD}"), ("é" + scalar(0xFDD0), "é\u{FFFD}"),
      ("é" + scalar(0x1FFFE), "é\u{FFFD}"),
      ("é\u{202E}x", "\u{2068}é\u{202E}x\u{2069}"), ("é\u{2066}x", "\u{2068}é\u{2066}x\u{2069}\u{2069}"),
      ("a\u{1}", "a\u{FFFD}"), ("’'", "’&#39;"),
    ])
  func html(input: String, expected: String) {
    #expect(HTMLEscaping.escape(input) == expected)
  }

  @Test(
    "Markdown: a character needing work after non-ASCII text",
    arguments: [
      ("é — |", "é — \\|"), ("é\u{2028}x", "é<br>x"), ("é\u{2029}x", "é<br>x"), ("é\u{9F}", "é\u{FFFD}"),
      ("é\u{202D}x", "\u{2068}é\u{202D}x\u{2069}"), ("é\tx", "é\tx"), ("é\u{7F}", "é\u{FFFD}"),
    ])
  func markdown(input: String, expected: String) {
    #expect(MarkdownEscaping.escape(input) == expected)
  }

  @Test(
    "CSV: quoting after non-ASCII text, quotes doubled byte by byte",
    arguments: [
      ("1 déc. 2026, 09 h 00", "\"1 déc. 2026, 09 h 00\""), ("« \"a\" »", "\"« \"\"a\"\" »\""),
      ("\"\u{301}", "\"\"\"\u{301}\""), ("é\r\n", "\"é\r\n\""),
    ])
  func csv(input: String, expected: String) {
    #expect(CSVReportWriter().quoted(input) == expected)
  }
}
