import Foundation
import PosttimTemplating
import Testing

/// Templates that recurse, nest or repeat without end: parsing and
/// rendering end quickly, in output or a TemplateError, never a stack
/// overflow. Inputs the template fuzz harness (Scripts/fuzz) finds go here.
@Suite("Runaway templates end in output or an error")
struct RunawayTemplateTests {
  @Test("an override holding a block of its own name is a render error, not endless recursion")
  func selfExpandingBlock() throws {
    let partials = InMemoryTemplateSource(["a": "{{$x}}{{/x}}"])
    let template = try Template(source: "{{<a}}{{$x}}{{$x}}{{/x}}{{/x}}{{/a}}", name: "main")
    do {
      _ = try template.render([:], partials: partials)
      Issue.record("rendered a block that expands to itself")
    } catch {
      #expect(error.kind == .render)
      #expect(error.message.contains("nested more than"))
    }
  }

  @Test("sections nested 100,000 deep are a syntax error, not a stack overflow")
  func deepSections() {
    let depth = 100_000
    let source = "{{=< >=}}" + String(repeating: "<^no>", count: depth) + "x" + String(repeating: "</no>", count: depth)
    do {
      _ = try Template(source: source, name: "deep")
      Issue.record("parsed 100,000 nested sections")
    } catch {
      #expect(error.kind == .syntax)
      #expect(error.message == "sections, parents and blocks nested more than 100 levels deep")
    }
    // 100 levels are still fine.
    let ok = String(repeating: "{{^no}}", count: 100) + "x" + String(repeating: "{{/no}}", count: 100)
    #expect(throws: Never.self) { try Template(source: ok, name: "ok").render([:]) }
  }

  @Test("one long line of tags parses in linear time")
  func longLine() throws {
    // 200,000 tags on one line took minutes (each tag rescanned its line,
    // and each node appended copied the whole list of nodes so far).
    let source = String(repeating: "{{a}}", count: 200_000)
    let start = ContinuousClock.now
    let output = try Template(source: source, name: "flat").render(["a": "."])
    #expect(output.count == 200_000)
    #expect(ContinuousClock.now - start < .seconds(20))
  }
}
