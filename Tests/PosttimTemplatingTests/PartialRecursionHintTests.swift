import PosttimTemplating
import Testing

/// The depth error names the partial that repeats on the inclusion stack,
/// not the one whose inclusion happened to pass the limit.
@Suite("Partial recursion: the hint names what repeats")
struct PartialRecursionHintTests {
  static func depthError(_ partials: [String: String], root: String, context: TemplateValue) throws -> TemplateError? {
    let template = try Template(source: root, name: "main")
    do {
      _ = try template.render(context, partials: InMemoryTemplateSource(partials))
    } catch {
      return error
    }
    return nil
  }

  @Test("{{>*title}}: 'agenda' recurses through a title, 'a' (which includes nothing) is not named")
  func dynamicNameRecursion() throws {
    let partials = ["a": "PART-A {{title}}", "agenda": "{{#tasks}}[{{>*title}}]{{/tasks}}"]
    let context: TemplateValue = ["tasks": [["title": "a"], ["title": "agenda"]]]
    let error = try Self.depthError(partials, root: "{{>agenda}}", context: context)
    #expect(error?.templateName == "agenda")
    #expect(error?.message == "partials nested more than 200 levels deep (recursive 'agenda'?)")
  }

  @Test("two partials including each other: the cycle, in the order included")
  func mutualRecursion() throws {
    let partials = ["a": "{{>b}}", "b": "{{>a}}"]
    let error = try Self.depthError(partials, root: "{{>a}}", context: [:])
    #expect(error?.message == "partials nested more than 200 levels deep (recursive 'a' → 'b' → 'a'?)")
  }

  @Test("a self-recursive partial is named as before")
  func selfRecursion() throws {
    let error = try Self.depthError(["loop": "{{>loop}}"], root: "{{>loop}}", context: [:])
    #expect(error?.message == "partials nested more than 200 levels deep (recursive 'loop'?)")
  }

  @Test("a recursion through a block that reaches the limit on another partial's section names what repeats")
  func recursionReachingTheLimitOnASection() throws {
    let partials = [
      "agenda": "{{#days}}{{>day}}{{/days}}{{$footer}}{{/footer}}",
      "day": "{{#tasks}}{{#title}}{{.}}{{/title}}{{/tasks}}",
    ]
    let context: TemplateValue = ["days": [["tasks": [["title": "t"]]]]]
    let error = try Self.depthError(
      partials, root: "{{<agenda}}{{$footer}}{{>agenda}}{{/footer}}{{/agenda}}", context: context)
    #expect(error?.templateName == "day")
    #expect(error?.message == "sections nested more than 200 levels deep while rendering (recursive 'agenda'?)")
  }
}
