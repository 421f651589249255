import Testing

@testable import PosttimTemplating

/// A row may lend a member's text as UTF-8 (`TemplateMembers`), which a
/// row program escapes straight into its buffer with the renderer's byte
/// escaper. The page must be the one the tree walk writes from the
/// members' values.
@Suite("Text lent as UTF-8 to row programs")
struct LentTextTests {
  /// Texts over every branch of the HTML escaper: plain, short (inline in
  /// a `String`) and long, the five entities, a forbidden control, a bidi
  /// override and an unmatched isolate, empty.
  static let texts = [
    "plain", "Remettre le TP #3 — Post'TIM à l'heure", "<b>&\"x\"</b>", "bell\u{07}", "\u{202E}reversed",
    "\u{2069}closes nothing, \u{2066}opens", "", String(repeating: "é", count: 40),
  ]

  /// A row that lends `lent` and gives `given` as values only.
  struct Row: TemplateMembers {
    let lent: String
    let given: String

    func member(at position: Int) -> TemplateValue { .string(position == 0 ? lent : given) }

    func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool {
      guard position == 0 else { return false }
      var text = lent
      text.withUTF8 { body($0, false) }
      return true
    }
  }

  static func rows(_ count: Int) -> [TemplateValue] {
    let keys = TemplateKeys(["lent", "given"])
    return (0..<count).map { n in
      .lazyObject(TemplateObject(keys: keys, members: Row(lent: texts[n % texts.count], given: "g\(n)&")))
    }
  }

  static func render(_ source: String, count: Int, stream: Bool) throws -> String {
    let template = try Template(source: source, name: "t")
    let rows = rows(count)
    var output = ""
    try template.render(
      ["rows": stream ? .stream(TemplateStream(rows)) : .list(rows)], partials: nil, escape: HTMLEscaping.escape,
      escapeBytes: HTMLEscaping.byteEscape, budget: nil, into: &output)
    return output
  }

  static let body = "{{#rows}}[{{lent}}|{{{lent}}}|{{&lent}}|{{given}}]{{/rows}}"

  @Test("a lent text is escaped as its value is, in short and chunked streams")
  func sameAsTreeWalk() throws {
    for count in [Self.texts.count, ChunkedRendering.chunkSize * 2 + 3] {
      #expect(
        try Self.render(Self.body, count: count, stream: true) == Self.render(Self.body, count: count, stream: false))
    }
  }

  @Test("the lent texts' exact output")
  func exactOutput() throws {
    let output = try Self.render("{{#rows}}{{lent}};{{/rows}}", count: Self.texts.count, stream: true)
    #expect(
      output
        == "plain;Remettre le TP #3 — Post&#39;TIM à l&#39;heure;&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;;bell\u{FFFD};"
        + "\u{2068}\u{202E}reversed\u{2069};\u{2068}closes nothing, \u{2066}opens\u{2069}\u{2069};;"
        + String(repeating: "é", count: 40) + ";")
  }

  @Test("the byte escaper writes what the string escaper returns")
  func byteEscaper() {
    var generator = SystemRandomNumberGenerator()
    let noncharacter = String(Character(Unicode.Scalar(0xFDD0)!))
    let pieces = Self.texts + ["'", noncharacter, "\u{9F}", "\u{2066}", "\u{2069}", "a", "\u{1F600}", "\r\n"]
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0..<6, using: &generator) { text += pieces.randomElement(using: &generator)! }
      var buffer = TextBuffer()
      var copy = text
      copy.withUTF8 { HTMLEscaping.byteEscape($0, &buffer) }
      #expect(buffer.text == HTMLEscaping.escape(text), "\(text.unicodeScalars.map(\.value))")
    }
  }
}
