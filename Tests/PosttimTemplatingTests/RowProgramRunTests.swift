import Testing

@testable import PosttimTemplating

/// A row program writes each run of template text, partial entries and
/// line starts between two values or sections as one step. The row's text,
/// its line starts and the budget's count are the tree walk's.
@Suite("Row programs' text runs")
struct RowProgramRunTests {
  @Test("text around partials, and a partial's own text, are one step; sections' bodies keep their ends")
  func merged() throws {
    let program = try #require(
      try RowProgramTests.program("<li>{{>p}}</li>{{#y}}[{{>q}}]{{/y}}{{x}}!", ["p": "a{{>q}}b", "q": "c"]))
    #expect(String(decoding: program.text, as: UTF8.self) == "<li>acb</li>[c]!")
    guard program.steps.count == 5,
      case .text(let first, endsLine: false, let work) = program.steps[0],
      case .section(_, false, end: 3, _, _) = program.steps[1],
      case .text(let inner, endsLine: false, let innerWork) = program.steps[2],
      case .value = program.steps[3],
      case .text(let last, endsLine: false, _) = program.steps[4]
    else {
      Issue.record("steps: \(program.steps)")
      return
    }
    #expect(first == 0..<12 && inner == 12..<15 && last == 15..<16)
    // "<li>" 4, entering p (3 nodes + 1), "a" 1, entering q (1 + 1), "c" 1, "b" 1, "</li>" 5.
    #expect(work == 4 + 4 + 1 + 2 + 1 + 1 + 5)
    // "[" 1, entering q 2, "c" 1, "]" 1.
    #expect(innerWork == 5)
  }

  @Test("a standalone partial's line start is kept where text follows it in the run")
  func lineStarts() throws {
    let program = try #require(try RowProgramTests.program("{{x}}\n{{>p}}\n", ["p": "<p>\n"]))
    guard case .text(_, endsLine: true, _) = program.steps.last else {
      Issue.record("steps: \(program.steps)")
      return
    }
    let source = "{{#section}}{{#rows}}{{n}}\n{{>p}}\n{{^odd}}  {{>p}}\n{{/odd}}{{/rows}}{{/section}}"
    for count in RowProgramTests.counts {
      let list = RowProgramTests.render(source, partials: ["p": "<p>{{n}}\n"], count: count, stream: false)
      let stream = RowProgramTests.render(source, partials: ["p": "<p>{{n}}\n"], count: count, stream: true)
      #expect(stream == list)
    }
  }

  @Test("a budget that runs out at any unit inside a run: the walk's text and error")
  func budgetInsideRuns() throws {
    let source = "{{#section}}{{#rows}}<li>{{>p}}</li>{{n}}{{#odd}}({{>p}}){{/odd}}\n{{/rows}}{{/section}}"
    let partials = ["p": "a{{>q}}b", "q": "cd"]
    for units in 0...700 {
      let list = try RowProgramTests.outputAndError(
        source, partials: partials, count: 37, stream: false, budget: RenderBudget(units: units))
      let stream = try RowProgramTests.outputAndError(
        source, partials: partials, count: 37, stream: true, budget: RenderBudget(units: units))
      #expect(stream.error == list.error, "\(units) units")
      #expect(stream.output == list.output, "\(units) units")
    }
  }
}
