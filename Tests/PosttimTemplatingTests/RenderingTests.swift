import Foundation
import PosttimTemplating
import Testing

/// Records each write separately, to check that rendering streams its output.
private struct PieceRecorder: TextOutputStream {
  var pieces: [String] = []
  mutating func write(_ string: String) { pieces.append(string) }
}

@Suite("Rendering")
struct RenderingTests {
  static let rowTemplate = "{{#rows}}{{n}}:{{name}}\n{{/rows}}{{^rows}}none\n{{/rows}}"

  @Test func streamRendersLikeAList() throws {
    let template = try Template(source: Self.rowTemplate, name: "rows")
    let rows = (1...5).map { n -> TemplateValue in ["n": .integer(n), "name": .string("row <\(n)>")] }
    let stream = TemplateStream(
      (1...5).lazy.map { n -> TemplateValue in
        ["n": .integer(n), "name": .string("row <\(n)>")]
      })
    let fromList = try template.render(["rows": .list(rows)])
    let fromStream = try template.render(["rows": .stream(stream)])
    #expect(fromList == "1:row &lt;1&gt;\n2:row &lt;2&gt;\n3:row &lt;3&gt;\n4:row &lt;4&gt;\n5:row &lt;5&gt;\n")
    #expect(fromStream == fromList)
    // A stream is re-walkable: rendering it again gives the same text.
    #expect(try template.render(["rows": .stream(stream)]) == fromList)
  }

  @Test("a render keeps the partials it loaded: each name still gives its own template, every row")
  func loadedPartialsKeepTheirNames() throws {
    // Twenty names: more than the renderer keeps (16), so later ones are
    // loaded from the source every time and must still be right.
    let names = (1...20).map { "p\($0)" }
    var sources = Dictionary(uniqueKeysWithValues: names.map { ($0, "<\($0):{{n}}>") })
    sources["row"] = "{{#rows}}{{>*kind}}{{>fixed}}|{{/rows}}"
    sources["fixed"] = "!"
    let partials = InMemoryTemplateSource(sources)
    let rows = (0..<60).map { n -> TemplateValue in ["n": .integer(n), "kind": .string(names[(n * 7) % 20])] }
    let expected = (0..<60).map { "<\(names[($0 * 7) % 20]):\($0)>!|" }.joined()
    let template = try partials.requiredTemplate(named: "row")
    #expect(try template.render(["rows": .list(rows)], partials: partials) == expected)
    #expect(try template.render(["rows": .stream(TemplateStream(rows))], partials: partials) == expected)
  }

  @Test func emptyStreamIsFalsey() throws {
    let template = try Template(source: Self.rowTemplate, name: "rows")
    let empty = TemplateStream { AnyIterator { nil } }
    #expect(try template.render(["rows": .stream(empty)]) == "none\n")
  }

  @Test func largeStreamIsNotMaterialised() throws {
    // The factory hands out one row at a time; the output stream sees a
    // piece per chunk of rows (ChunkedRendering) as they come, never the whole.
    let template = try Template(source: "{{#rows}}{{.}},{{/rows}}", name: "big")
    let stream = TemplateStream {
      var next = 0
      return AnyIterator {
        next += 1
        return next <= 100_000 ? .integer(next) : nil
      }
    }
    var recorder = PieceRecorder()
    try template.render(["rows": .stream(stream)], into: &recorder)
    let size = ChunkedRendering.chunkSize
    #expect(recorder.pieces.count == (100_000 + size - 1) / size)
    #expect(recorder.pieces.first == (1...size).map { "\($0)," }.joined())
    #expect(recorder.pieces.last == ((100_000 / size * size + 1)...100_000).map { "\($0)," }.joined())
    #expect(recorder.pieces.joined() == (1...100_000).map { "\($0)," }.joined())
  }

  @Test func customEscapeFunction() throws {
    let markdown: @Sendable (String) -> String = { text in
      var out = ""
      for character in text {
        if "\\`*_[]#|".contains(character) { out.append("\\") }
        out.append(character)
      }
      return out
    }
    let template = try Template(source: "| {{title}} | {{{raw}}} | {{&raw}} |", name: "md")
    let output = try template.render(
      ["title": "*urgent* <fix>", "raw": "*raw*"], escape: markdown)
    #expect(output == "| \\*urgent\\* <fix> | *raw* | *raw* |")
  }

  @Test func numbersBoolsAndNull() throws {
    let template = try Template(source: "{{i}} {{d}} {{w}} {{t}} [{{n}}] [{{missing}}]", name: "n")
    let output = try template.render(["i": 85, "d": 1.21, "w": 2.0, "t": true, "n": nil])
    #expect(output == "85 1.21 2 true [] []")
  }

  @Test func jsonValuesKeepTheirTypes() throws {
    let json = try JSONSerialization.jsonObject(
      with: Data(#"{"b": true, "f": false, "i": 1, "d": 1.5, "s": "x", "l": [0], "n": null}"#.utf8))
    let template = try Template(
      source: "{{b}} {{#f}}F{{/f}}{{^f}}notF{{/f}} {{i}} {{d}} {{s}} {{#l}}[{{.}}]{{/l}} <{{n}}>", name: "j")
    #expect(try template.render(TemplateValue(json: json)) == "true notF 1 1.5 x [0] <>")
  }

  @Test func falseyRules() throws {
    let template = try Template(
      source: "{{#e}}E{{/e}}{{#z}}Z{{/z}}{{#o}}O{{/o}}{{^l}}L{{/l}}{{^s}}S{{/s}}", name: "f")
    #expect(try template.render(["e": "", "z": 0, "o": [:], "l": [], "s": ""]) == "ZOLS")
  }

  @Test func parentWithBlocksFromDirectoryDefaults() throws {
    let partials = InMemoryTemplateSource([
      "layout": "# {{$title}}Agenda{{/title}}\n\n{{$body}}\n  (empty)\n{{/body}}\nend\n"
    ])
    let template = try Template(
      source: "{{<layout}}\n{{$body}}\n{{#items}}\n- {{.}}\n{{/items}}\n{{/body}}\n{{/layout}}\n", name: "main")
    let output = try template.render(["items": ["a", "b"]], partials: partials)
    #expect(output == "# Agenda\n\n  - a\n  - b\nend\n")
  }

  @Test func nestedStandalonePartialsAccumulateIndentation() throws {
    let partials = InMemoryTemplateSource(["a": "x\n  {{>b}}\ny\n", "b": "1\n{{v}}\n"])
    let template = try Template(source: "<\n {{>a}}\n>", name: "main")
    #expect(try template.render(["v": "2\n3"], partials: partials) == "<\n x\n   1\n   2\n3\n y\n>")
  }

  @Test func concurrentRendersShareOneSource() async throws {
    let partials = InMemoryTemplateSource(["item": "<{{.}}>"])
    let template = try Template(source: "{{#xs}}{{>item}}{{/xs}}", name: "main")
    let outputs = try await withThrowingTaskGroup(of: String.self) { group in
      for n in 0..<16 {
        group.addTask { try template.render(["xs": [.integer(n), .integer(n + 1)]], partials: partials) }
      }
      var all: [String] = []
      for try await output in group { all.append(output) }
      return all
    }
    #expect(Set(outputs) == Set((0..<16).map { "<\($0)><\($0 + 1)>" }))
  }
}

@Suite("HTML escaping of control characters")
struct HTMLControlCharacterTests {
  @Test("C0 controls and DEL become U+FFFD; tab, LF and CR stay")
  func controls() {
    #expect(HTMLEscaping.escape("a\u{0}b\u{1B}c\u{7F}d\te\nf\rg<") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te\nf\rg&lt;")
  }
}

extension HTMLControlCharacterTests {
  @Test("C1 controls and noncharacters are forbidden in HTML text too")
  func c1AndNoncharacters() {
    // Swift literals refuse U+FFFE, so the input is built from scalars.
    var input = ""
    for value: UInt32 in [0x61, 0x9B, 0x62, 0xFDD0, 0x63, 0xFFFE, 0x64, 0x1FFFF, 0x65, 0x20, 0xE9] {
      input.unicodeScalars.append(Unicode.Scalar(value)!)
    }
    #expect(HTMLEscaping.escape(input) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e é")
  }
}
