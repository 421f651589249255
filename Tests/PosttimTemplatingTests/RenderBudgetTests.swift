import PosttimParallel
import PosttimTemplating
import Testing

/// Templates that multiply work end in an error, the render budget's,
/// instead of running for ever; the budget counts the same work whether a
/// long stream is rendered in chunks on other threads or in order.
@Suite("Render budget")
struct RenderBudgetTests {
  static func nested(_ name: String, _ depth: Int, _ body: String = "x") -> String {
    String(repeating: "{{#\(name)}}", count: depth) + body + String(repeating: "{{/\(name)}}", count: depth)
  }

  static let thirteen: TemplateValue = .list((0..<13).map { .integer($0) })

  static func isBudgetError(_ error: TemplateError, in name: String) -> Bool {
    error.kind == .render && error.templateName == name && error.line == 0
      && error.message.hasPrefix("rendering takes more work than its budget (")
  }

  @Test("sections nested 99 deep over 13 items (13^99 renderings) stop at the budget", .timeLimit(.minutes(10)))
  func nestedSections() {
    let template = try! Template(source: Self.nested("sections", 99), name: "agenda")
    #expect {
      try template.render(["sections": Self.thirteen])
    } throws: { error in
      Self.isBudgetError(error as! TemplateError, in: "agenda")
    }
  }

  @Test(
    "partials, parents, blocks and dynamic names that multiply stop at the budget",
    .timeLimit(.minutes(10)),
    arguments: [
      // Each partial includes the next twice: 2^40 renderings.
      (Dictionary(uniqueKeysWithValues: (0..<40).map { ("p\($0)", "{{>p\($0 + 1)}}{{>p\($0 + 1)}}") }), "{{>p0}}"),
      // The same through parents.
      (
        Dictionary(
          uniqueKeysWithValues: (0..<40).map {
            ("q\($0)", "{{<q\($0 + 1)}}{{/q\($0 + 1)}}{{<q\($0 + 1)}}{{/q\($0 + 1)}}")
          }),
        "{{<q0}}{{/q0}}"
      ),
      // Parents 30 deep, each once per item, each with a block overridden.
      (
        Dictionary(
          uniqueKeysWithValues: (0..<30).map {
            ("r\($0)", "{{#items}}{{$b}}{{/b}}{{<r\($0 + 1)}}{{/r\($0 + 1)}}{{/items}}")
          }),
        "{{<r0}}{{$b}}{{#items}}.{{/items}}{{/b}}{{/r0}}"
      ),
      // Dynamic names 30 deep, each once per item.
      (Dictionary(uniqueKeysWithValues: (0..<30).map { ("d\($0)", "{{#items}}{{>*next\($0)}}{{/items}}") }), "{{>d0}}"),
    ])
  func includes(partials: [String: String], main: String) throws {
    let template = try Template(source: main, name: "main")
    var members: [String: TemplateValue] = ["items": Self.thirteen]
    for level in 0..<30 { members["next\(level)"] = .string("d\(level + 1)") }
    let context: TemplateValue = .object(members)
    #expect {
      try template.render(context, partials: InMemoryTemplateSource(partials))
    } throws: { error in
      Self.isBudgetError(error as! TemplateError, in: "main")
    }
  }

  @Test("a long list interpolated over and over is counted by its text", .timeLimit(.minutes(10)))
  func interpolatedList() throws {
    let long: TemplateValue = .list(Array(repeating: "", count: 100_000))
    let template = try Template(source: Self.nested("sections", 8, "{{rows}}"), name: "t")
    let context: TemplateValue = ["sections": Self.thirteen, "rows": long]
    #expect(throws: TemplateError.self) {
      try template.render(context, budget: RenderBudget(templateNodes: 10, items: 13))
    }
  }

  @Test(
    "the budget is exact: the same units in order and in chunks, as a list and as a stream",
    arguments: [10, ChunkedRendering.chunkSize * Parallel.width * 2 + 37])
  func exactUnits(count: Int) throws {
    // The root list (1 node) and each item's (1 node, 1 byte written): 2 + 3 × count units.
    let template = try Template(source: "{{#rows}}x{{/rows}}", name: "t")
    let items: [TemplateValue] = (0..<count).map { .integer($0) }
    let needed = 2 + 3 * count
    for rows in [TemplateValue.list(items), .stream(TemplateStream(items))] {
      let expected = String(repeating: "x", count: count)
      #expect(try template.render(["rows": rows], budget: RenderBudget(units: needed)) == expected)
      #expect {
        try template.render(["rows": rows], budget: RenderBudget(units: needed - 1))
      } throws: { error in
        Self.isBudgetError(error as! TemplateError, in: "t")
      }
    }
  }

  @Test("written text counts a unit per byte, before it is written")
  func bytes() throws {
    let template = try Template(source: "<{{text}}>", name: "t")
    let context: TemplateValue = ["text": .string(String(repeating: "a", count: 10 * 1024))]
    // 4 units for the node list and its 3 nodes, 2 for the text, 10,240 for the value.
    #expect(try template.render(context, budget: RenderBudget(units: 4 + 2 + 10_240)).utf8.count == 10 * 1024 + 2)
    var output = ""
    #expect(throws: TemplateError.self) {
      try template.render(context, budget: RenderBudget(units: 4 + 1 + 10_240), into: &output)
    }
    // "<" and the value (10,245 units) fit; ">" does not, and is not written.
    #expect(output == "<" + String(repeating: "a", count: 10 * 1024))
  }

  @Test("the budget: 1,000,000 + 64 × nodes × (items + 1) + 16 × bytes of text + 4 × template text, saturating")
  func formula() {
    #expect(RenderBudget(templateNodes: 170, items: 10_000).units == 1_000_000 + 64 * 170 * 10_001)
    #expect(
      RenderBudget(templateNodes: 2, templateBytes: 1_048_000, items: 1, textBytes: 10).units
        == 1_000_000 + 64 * 2 * 2 + 16 * 10 + 4 * 1_048_000)
    #expect(RenderBudget(templateNodes: 1, templateBytes: .max / 2, items: 0).units == .max)
    #expect(
      RenderBudget(templateNodes: 3, templateBytes: 1, items: 2, textBytes: 5).description
        == "1000660 units for 3 template nodes with 1 byte of text and 2 items with 5 bytes of text")
    #expect(
      RenderBudget(templateNodes: 7, items: 100_000, textBytes: 8_000_000).units
        == 1_000_000 + 64 * 7 * 100_001 + 16 * 8_000_000)
    #expect(RenderBudget(templateNodes: 1, items: 0, textBytes: .max / 8).units == .max)
    #expect(RenderBudget(templateNodes: 0, items: 0).units == 1_000_064)
    #expect(RenderBudget(templateNodes: .max / 2, items: .max / 2).units == .max)
    #expect(
      RenderBudget(templateNodes: 101, items: 24).description == "1161600 units for 101 template nodes and 24 items")
  }
}
