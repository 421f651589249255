import Testing

@testable import PosttimTemplating

/// Plain text (`PlainText`) is what no escaper changes: a row program
/// writes a value lent as plain without calling its escaper, so the
/// escapers must return every plain text as it is.
@Suite("Plain text, written without the escaper")
struct PlainTextTests {
  @Test("which texts are plain: anchors, digits and dates are; markup, controls and bidi formatting are not")
  func examples() {
    for text in [
      "", "task-9e54a488ee5cbc07", "task-9e54a488ee5cbc07-12", "20 h 02", "31 oct. 2026, 20 h 02 (UTC−04:00)",
      "٧", "2026年11月30日 9:00", "Tiré de liste.plist, entrée 21 434", "12:30 p.m.", "€ 5,00 (#3) / 100% ; ok? = !",
    ] {
      #expect(PlainText.isPlain(text), "\(text)")
    }
    for text in [
      "l'heure", "a&b", "<b>", "\"", "a\\b", "`", "*", "_", "[", "]", "|", "~", "a\nb", "\t", "\r",
      "\u{7F}", "\u{85}", "\u{202E}x", "\u{2066}", "\u{2028}",
    ] + [0xFDD0, 0xFFFE, 0x10FFFF].map(Self.text) {
      #expect(!PlainText.isPlain(text), "\(text.unicodeScalars.map(\.value))")
    }
  }

  /// The scalar `value` as text (noncharacters cannot be written in a literal).
  static func text(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }

  @Test("the HTML escaper returns every plain scalar as it is")
  func htmlEscaperLeavesPlainTextUnchanged() {
    var plain = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "a" + String(Character(scalar)) + "b"
      guard PlainText.isPlain(text) else { continue }
      plain += 1
      if HTMLEscaping.escape(text) != text { Issue.record("U+\(String(value, radix: 16)) is plain but escaped") }
    }
    // Every scalar but 46 ASCII ones (32 controls, DEL, 13 punctuation
    // characters), 32 C1 controls, 66 noncharacters, 9 bidi formatting
    // characters and the 2 separators.
    #expect(plain == 1_112_064 - 46 - 32 - 66 - 9 - 2)
  }

  /// A row that lends "<lent>" as plain, whatever it holds (as no caller
  /// may): the escaper is not called for it.
  struct PlainRow: TemplateMembers {
    let lent: String
    let isPlain: Bool

    func member(at position: Int) -> TemplateValue { .string(lent) }

    func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool {
      var text = lent
      text.withUTF8 { body($0, isPlain) }
      return true
    }
  }

  @Test("a value lent as plain is written without the escaper; one not known to be plain is escaped")
  func lentAsPlainSkipsTheEscaper() throws {
    let template = try Template(source: "{{#rows}}{{lent}};{{/rows}}", name: "t")
    let keys = TemplateKeys(["lent"])
    let rows: [TemplateValue] = [("x&y", true), ("x&y", false), ("ok", true)].map {
      .lazyObject(TemplateObject(keys: keys, members: PlainRow(lent: $0.0, isPlain: $0.1)))
    }
    var output = ""
    try template.render(
      ["rows": .stream(TemplateStream(rows))], partials: nil, escape: HTMLEscaping.escape,
      escapeBytes: HTMLEscaping.byteEscape, budget: nil, into: &output)
    #expect(output == "x&y;x&amp;y;ok;")
  }
}
