import Foundation
import Testing

@testable import PosttimTemplating

/// A stream section's rows are rendered by their compiled steps
/// (`RowProgram`) where the body allows, else by the tree walk; a list's
/// rows always by the tree walk. The two must write the same text, for
/// short streams (rendered in place) and long ones (in chunks on other
/// threads), whatever the body holds.
@Suite("Row programs against the tree walk")
struct RowProgramTests {
  /// Both paths of a stream: rendered here, and in chunks.
  static let counts = [37, ChunkedRendering.chunkSize * 2 + 3]

  /// Row objects of three shapes (key tables in different orders) and
  /// dictionaries, so a name's kept position meets other key tables.
  static func rows(_ count: Int) -> [TemplateValue] {
    let wide = TemplateKeys(["n", "name", "odd", "empty", "list", "nested", "zero", "stream"])
    let narrow = TemplateKeys(["name", "n"])
    let reversed = TemplateKeys(["odd", "n"])
    return (0..<count).map { n -> TemplateValue in
      switch n % 4 {
      case 0:
        return .lazyObject(
          TemplateObject(keys: wide) { position in
            switch position {
            case 0: return .integer(n)
            case 1: return .string("row <\(n)> & 'x'")
            case 2: return .bool(n % 2 == 1)
            case 3: return .string("")
            case 4: return .list(n % 8 == 0 ? [] : [.string("a"), .string("b")])
            case 5: return .object(["inner": .string("in \(n)")])
            case 6: return .integer(0)
            default: return .stream(TemplateStream([.integer(n)]))
            }
          })
      case 1:
        return .lazyObject(TemplateObject(keys: narrow) { $0 == 0 ? .string("narrow \(n)") : .integer(n) })
      case 2:
        return .lazyObject(TemplateObject(keys: reversed) { $0 == 0 ? .bool(true) : .integer(n) })
      default:
        return .object(["n": .number(Double(n) + 0.5), "name": .null, "nested": .object(["inner": 7])])
      }
    }
  }

  /// The context: rows, and outer names the rows do not have.
  static func context(_ rows: [TemplateValue], stream: Bool) -> TemplateValue {
    let section = TemplateObject(keys: TemplateKeys(["label", "rows"])) { position in
      position == 0 ? .string("section <label>") : stream ? .stream(TemplateStream(rows)) : .list(rows)
    }
    let named = TemplateObject(keys: TemplateKeys(["title"])) { _ in .string("outer title") }
    return .object([
      "root": .string("root & more"), "flag": true, "section": .lazyObject(section), "named": .lazyObject(named),
      "list": .list([1, 2]),
    ])
  }

  static func render(
    _ source: String, partials: [String: String] = [:], count: Int, stream: Bool,
    escape: @escaping @Sendable (String) -> String = HTMLEscaping.escape, budget: RenderBudget? = nil
  ) -> Result<String, TemplateError> {
    Result { () throws(TemplateError) in
      let template = try Template(source: source, name: "t")
      return try template.render(
        context(rows(count), stream: stream), partials: InMemoryTemplateSource(partials), escape: escape,
        budget: budget)
    }
  }

  /// What rendering writes before it throws, and the error.
  static func outputAndError(
    _ source: String, partials: [String: String], count: Int, stream: Bool, budget: RenderBudget
  ) throws -> (output: String, error: TemplateError?) {
    let template = try Template(source: source, name: "t")
    var output = ""
    do {
      try template.render(
        context(rows(count), stream: stream), partials: InMemoryTemplateSource(partials), budget: budget,
        into: &output)
      return (output, nil)
    } catch { return (output, error) }
  }

  /// The row program of `{{#rows}}` + `body` + `{{/rows}}`.
  static func program(_ body: String, _ partials: [String: String] = [:]) throws -> RowProgram? {
    let template = try Template(source: "{{#rows}}" + body + "{{/rows}}", name: "t")
    guard case .section(_, _, let children) = template.nodes[0] else { return nil }
    var renderer = TemplateRenderer(
      context: [:], partials: InMemoryTemplateSource(partials), escape: { $0 }, budget: RenderBudget(units: .max),
      templateName: "t")
    return renderer.rowProgram(children)
  }

  static let bodies: [(String, [String: String])] = [
    ("{{n}}:{{name}}|{{{name}}}|{{&name}}\n", [:]),
    ("{{#odd}}odd {{/odd}}{{^odd}}even {{/odd}}{{#empty}}never{{/empty}}{{^empty}}empty{{/empty}}\n", [:]),
    ("{{label}} {{root}} {{flag}} {{named.title}} {{missing}} {{nested.inner}} {{zero}}\n", [:]),
    ("{{#nested}}[{{inner}} {{n}} {{.}}]{{/nested}}{{#zero}}z{{/zero}}\n", [:]),
    ("{{#list}}<{{.}}>{{/list}}{{^list}}no list{{/list}}\n", [:]),
    ("{{#stream}}s{{.}}{{/stream}}\n", [:]),
    ("{{#root}}{{.}}|{{n}}{{/root}}{{#flag}}{{.}}{{/flag}}\n", [:]),
    ("{{>row}}", ["row": "<li>{{>inline}}{{n}}</li>\n", "inline": "{{#odd}}*{{/odd}}"]),
    ("{{>row}}\n", ["row": "{{#odd}}\n  {{>deep}}\n{{/odd}}{{n}}\n", "deep": "d{{n}}"]),
    ("  {{>row}}\n", ["row": "{{n}}\n"]),
    ("{{>missing}}{{n}}\n", [:]),
    ("{{>*name}}{{n}}\n", ["narrow 1": "dyn"]),
    ("{{<parent}}{{$b}}B{{n}}{{/b}}{{/parent}}\n", ["parent": "[{{$b}}default{{/b}}]"]),
    ("{{=<% %>=}}<% n %> <%#odd%>o<%/odd%>\n", [:]),
    ("{{#flag}}{{#section}}{{label}}{{/section}}{{/flag}}{{n}}", [:]),
    ("{{n}}{{^odd}}\n{{/odd}}", [:]),
  ]

  @Test("the same text as the list, for every body", arguments: Array(0..<bodies.count))
  func sameText(body: Int) throws {
    let (rowBody, partials) = Self.bodies[body]
    let source = "<{{#section}}{{#rows}}" + rowBody + "{{/rows}}{{/section}}>\n"
    for count in Self.counts {
      let list = Self.render(source, partials: partials, count: count, stream: false)
      let stream = Self.render(source, partials: partials, count: count, stream: true)
      #expect(stream == list, "body \(body), \(count) rows")
    }
  }

  @Test("standalone rows under an indented partial: the line starts the list gives")
  func indentedRows() throws {
    let source = "<ol>\n  {{>rows}}\n</ol>\n"
    let partials = ["rows": "{{#section}}{{#rows}}\n{{>row}}\n{{/rows}}{{/section}}", "row": "<li>{{n}}</li>\n"]
    for count in Self.counts {
      #expect(
        Self.render(source, partials: partials, count: count, stream: true)
          == Self.render(source, partials: partials, count: count, stream: false))
    }
  }

  @Test("an escape that writes something for a missing value writes it for every row, as the walk does")
  func escapeOfNothing() throws {
    let escape: @Sendable (String) -> String = { "(" + $0 + ")" }
    let source = "{{#section}}{{#rows}}{{missing}}{{n}}\n{{/rows}}{{/section}}"
    for count in Self.counts {
      let stream = Self.render(source, count: count, stream: true, escape: escape)
      #expect(stream == Self.render(source, count: count, stream: false, escape: escape))
      #expect(try stream.get().hasPrefix("()(0)\n()(1)\n"))
    }
  }

  @Test("a row body the steps cannot hold, and errors in rows: the walk's text and error")
  func errors() throws {
    // A partial that includes itself only in some rows: the depth error.
    let source = "{{#section}}{{#rows}}{{n}}{{#odd}}{{>loop}}{{/odd}}\n{{/rows}}{{/section}}"
    for count in Self.counts {
      let stream = Self.render(source, partials: ["loop": "{{>loop}}"], count: count, stream: true)
      let list = Self.render(source, partials: ["loop": "{{>loop}}"], count: count, stream: false)
      #expect(stream == list)
      guard case .failure(let error) = stream else {
        Issue.record("the recursive partial must fail")
        continue
      }
      #expect(error.message.contains("nested more than"))
    }
  }

  @Test("compiled bodies: steps for text, values, sections and inlined partials; none for parents or indentation")
  func compiles() throws {
    let simple = try #require(try Self.program("a{{x}}{{#y}}b{{/y}}{{>p}}", ["p": "c{{z}}"]))
    #expect(simple.steps.count == 6)
    #expect(simple.names == [["x"], ["y"], ["z"]])
    #expect(String(decoding: simple.text, as: UTF8.self) == "abc")
    #expect(try Self.program("{{<p}}{{/p}}", ["p": "x"]) == nil)
    #expect(try Self.program("\n  {{>p}}\n", ["p": "x"]) == nil)
    #expect(try Self.program("{{>*name}}") == nil)
    #expect(try Self.program("{{>loop}}", ["loop": "{{>loop}}"]) == nil)
  }

  @Test("a body that reaches 2^40 inclusions of partials with no text: compiling gives up after a bounded walk")
  func doublingPartials() throws {
    // p0 includes p1 twice, p1 includes p2 twice, … p40 is empty: no step
    // is ever added, so only the count of nodes visited stops the walk.
    var partials = ["p40": ""]
    for level in 0..<40 { partials["p\(level)"] = "{{>p\(level + 1)}}{{>p\(level + 1)}}" }
    let template = try Template(source: "{{#rows}}{{>p0}}{{n}}{{/rows}}", name: "t")
    guard case .section(_, _, let children) = template.nodes[0] else { return }
    var renderer = TemplateRenderer(
      context: [:], partials: InMemoryTemplateSource(partials), escape: { $0 }, budget: RenderBudget(units: .max),
      templateName: "t")
    #expect(renderer.rowProgram(children) == nil)
  }

  @Test(
    "a budget the rows run out of: the list's text and the same budget error, wherever it runs out",
    arguments: [300, 5_000, 20_000, 60_000])
  func budget(units: Int) throws {
    let source = "{{#section}}{{#rows}}{{n}}{{#odd}}{{>row}}{{/odd}}{{^odd}}-{{/odd}}\n{{/rows}}{{/section}}"
    let partials = ["row": "<{{name}}{{#nested}}{{inner}}{{/nested}}>"]
    for count in Self.counts {
      let list = try Self.outputAndError(
        source, partials: partials, count: count, stream: false, budget: RenderBudget(units: units))
      let stream = try Self.outputAndError(
        source, partials: partials, count: count, stream: true, budget: RenderBudget(units: units))
      #expect(stream.error == list.error, "\(units) units, \(count) rows")
      #expect(stream.output == list.output, "\(units) units, \(count) rows")
    }
    // The smallest budget runs out even in the short stream's rows.
    if units == 300 {
      #expect(
        try Self.outputAndError(source, partials: partials, count: 37, stream: true, budget: .init(units: units)).error
          != nil)
    }
  }
}
