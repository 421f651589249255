import PosttimTemplating
import Testing

/// The render budget counts every byte written, so it bounds the output's
/// size as well as the work: a template that includes itself from inside a
/// section wrote its whole literal for every row (10 MB here, past 64 MiB in
/// the fuzzer) while the budget counted a literal of any length as almost
/// nothing. A text of the data counts its bytes in the budget, so a long
/// value is still written whole.
@Suite("Render budget bounds the output")
struct RenderBudgetOutputSizeTests {
  /// 1,000 rows, each with an empty `rows` of its own (as the fuzzer's).
  static let rows: [TemplateValue] = (0..<1_000).map { _ in ["rows": .list([])] }
  static let literal = String(repeating: "0123456789abcdef", count: 640)  // 10 KiB

  @Test("a 10 KiB literal written again by every row stops at the budget, no longer than it", arguments: [false, true])
  func selfIncludingLiteral(streamed: Bool) throws {
    let main = Self.literal + "{{#rows}}{{>main}}{{/rows}}"
    let template = try Template(source: main, name: "main")
    let rows: TemplateValue = streamed ? .stream(TemplateStream(Self.rows)) : .list(Self.rows)
    // Three nodes (the text, the section, the partial) and the literal's
    // bytes; the root, `rows` and each row with its own `rows`.
    let budget = RenderBudget(
      templateNodes: 3, templateBytes: Self.literal.utf8.count, items: 2 + 2 * Self.rows.count)
    var output = ""
    #expect {
      try template.render(["rows": rows], partials: InMemoryTemplateSource(["main": main]), into: &output)
    } throws: { error in
      RenderBudgetTests.isBudgetError(error as! TemplateError, in: "main")
    }
    #expect(output.utf8.count <= budget.units)
    #expect(output.utf8.count > budget.units - Self.literal.utf8.count - 1_000)
  }

  @Test("a 3 MB value, three times the base budget, is written whole: its bytes count in the budget")
  func longValue() throws {
    let text = String(repeating: "long description ", count: 180_000)
    let template = try Template(source: "{{#rows}}<p>{{text}}</p>\n{{/rows}}", name: "page")
    let output = try template.render(["rows": [["text": .string(text)]]])
    #expect(output == "<p>" + text + "</p>\n")
  }
}
