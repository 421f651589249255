import Testing

@testable import PosttimTemplating

/// Where an object knows whether a member is truthy without making it
/// (``TemplateMembers/truth(ofMember:)``), a row program's sections read
/// only that truth. The rows must render as the tree walk renders them
/// (a list's rows always take the tree walk), `{{.}}` in the body included.
@Suite("Sections over members whose truth is known")
struct SectionTruthTests {
  /// A row: a text (empty in every third row), a boolean, a number, and a
  /// nested object; the truth of the first three is answered.
  struct Row: TemplateMembers {
    let n: Int

    func member(at position: Int) -> TemplateValue {
      switch position {
      case 0: return .string(n % 3 == 0 ? "" : "text <\(n)>")
      case 1: return .bool(n % 2 == 1)
      case 2: return .integer(n)
      default: return .object(["inner": .string("in \(n)")])
      }
    }

    func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool { false }

    func truth(ofMember position: Int) -> Bool? {
      switch position {
      case 0: return n % 3 != 0
      case 1: return n % 2 == 1
      case 2: return true
      default: return nil
      }
    }
  }

  static let rowKeys = TemplateKeys(["text", "odd", "n", "nested"])

  /// The context: `flag` (true), `off` (false), `label` (a text) and the
  /// rows, in an object of stored values.
  static func context(count: Int, stream: Bool) -> TemplateValue {
    let rows = (0..<count).map { TemplateValue.lazyObject(TemplateObject(keys: rowKeys, members: Row(n: $0))) }
    return .lazyObject(
      TemplateObject(
        keys: TemplateKeys(["flag", "off", "label", "rows"]),
        values: [
          .bool(true), .bool(false), .string("label & co"), stream ? .stream(TemplateStream(rows)) : .list(rows),
        ]
      ))
  }

  static func render(_ source: String, count: Int, stream: Bool) throws -> String {
    try Template(source: source, name: "t").render(
      context(count: count, stream: stream), partials: InMemoryTemplateSource([:]), escape: HTMLEscaping.escape)
  }

  static let bodies = [
    "{{#text}}[{{text}}]{{/text}}{{^text}}none{{/text}}|{{#odd}}odd{{/odd}}{{^odd}}even{{/odd}}\n",
    "{{#text}}<{{.}}>{{/text}}{{#odd}}{{.}}{{/odd}}{{#n}}#{{.}}{{/n}}\n",
    "{{#odd}}{{#text}}{{.}}{{/text}}{{/odd}}{{#n}}{{#nested}}{{inner}} {{.}}{{/nested}}{{/n}}\n",
    "{{#flag}}f{{n}}{{/flag}}{{^flag}}never{{/flag}}{{#off}}never{{/off}}{{^off}}o{{/off}}\n",
    "{{#label}}{{label}}:{{.}}{{/label}}{{#text}}{{#flag}}{{n}}{{/flag}}{{/text}}\n",
  ]

  @Test("the same text as the list's tree walk, for every body", arguments: Array(0..<bodies.count))
  func sameText(body: Int) throws {
    let source = "<{{#rows}}" + Self.bodies[body] + "{{/rows}}>\n"
    for count in [37, ChunkedRendering.chunkSize * 2 + 3] {
      let stream = try Self.render(source, count: count, stream: true)
      #expect(stream == (try Self.render(source, count: count, stream: false)), "body \(body), \(count) rows")
    }
  }

  @Test("a text's section renders its body with the text as `{{.}}`, an empty one its inverted body")
  func textSection() throws {
    let source = "{{#rows}}{{#text}}<{{.}}>{{/text}}{{^text}}-{{/text}}{{/rows}}"
    #expect(try Self.render(source, count: 4, stream: true) == "-<text &lt;1&gt;><text &lt;2&gt;>-")
  }

  @Test("an object of stored values knows the truth of its texts, numbers and booleans, not of the rest")
  func storedValues() {
    let object = TemplateObject(
      keys: TemplateKeys(["a", "b", "c", "d", "e", "f", "g", "h"]),
      values: [.string(""), .string("x"), .bool(false), .integer(0), .number(0), .null, .list([]), .object([:])])
    #expect((0..<8).map(object.truth(ofMember:)) == [false, true, false, true, true, false, nil, nil])
  }
}
