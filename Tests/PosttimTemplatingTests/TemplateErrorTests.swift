import PosttimTemplating
import Testing

@Suite("Syntax errors name the template, line and column")
struct TemplateErrorTests {
  private func syntaxError(_ source: String, name: String = "report") -> TemplateError? {
    do {
      _ = try Template(source: source, name: name)
      return nil
    } catch {
      return error
    }
  }

  @Test func unclosedSection() {
    let error = syntaxError("Tasks:\n{{#tasks}}\n- {{title}}\n")
    #expect(error?.kind == .syntax)
    #expect(error?.line == 2)
    #expect(error?.column == 1)
    #expect(
      error?.description == """
        report:2:1: error: unclosed section 'tasks': expected '{{/tasks}}' before the end of the template
        {{#tasks}}
        ^
        """)
  }

  @Test func mismatchedCloseTag() {
    let error = syntaxError("{{#a}}\n  {{/b}}\n")
    #expect(
      error?.description == """
        report:2:3: error: mismatched closing tag '{{/b}}': expected '{{/a}}' to close the section opened at line 1, column 1
          {{/b}}
          ^
        """)
  }

  @Test func unclosedTag() {
    let error = syntaxError("Hello {{name", name: "greeting")
    #expect(
      error?.description == """
        greeting:1:7: error: unclosed tag: expected '}}' before the end of the template
        Hello {{name
              ^
        """)
  }

  @Test func unclosedTripleMustache() {
    let error = syntaxError("a {{{raw}} b")
    #expect(error?.message == "unclosed tag: expected '}}}' before the end of the template")
    #expect(error?.column == 3)
  }

  @Test func badDelimiterChange() {
    let error = syntaxError("x\n\t{{=<% =}}")
    #expect(
      error?.description == """
        report:2:2: error: invalid delimiter change '{{=<% =}}': expected two delimiters separated by whitespace, neither containing '='
        \t{{=<% =}}
        \t^
        """)
  }

  @Test func closeTagWithoutSection() {
    let error = syntaxError("x{{/a}}")
    #expect(error?.message == "unexpected closing tag '{{/a}}': no section is open")
    #expect(error?.line == 1)
    #expect(error?.column == 2)
  }

  @Test func mismatchUsesCurrentDelimiters() {
    let error = syntaxError("{{=<% %>=}}<%#a%>\n<%/b%>")
    #expect(
      error?.message
        == "mismatched closing tag '<%/b%>': expected '<%/a%>' to close the section opened at line 1, column 12")
  }

  @Test func unclosedParentAndBlock() {
    #expect(
      syntaxError("{{<layout}}{{$body}}x{{/body}}")?.message
        == "unclosed parent 'layout': expected '{{/layout}}' before the end of the template")
    #expect(
      syntaxError("{{$body}}x")?.message
        == "unclosed block 'body': expected '{{/body}}' before the end of the template")
  }

  @Test func missingAndInvalidNames() {
    #expect(syntaxError("{{#}}{{/}}")?.message == "missing name in tag '{{#}}'")
    #expect(
      syntaxError("{{first name}}")?.message
        == "invalid name 'first name' in tag '{{first name}}': names cannot contain whitespace")
    #expect(syntaxError("{{>*}}")?.message == "missing name after '*' in tag '{{>*}}'")
  }

  @Test func columnsCountCharactersNotBytes() {
    let error = syntaxError("Échéance {{/due}}")
    #expect(error?.column == 10)
  }

  @Test func syntaxErrorInPartialNamesThePartial() {
    let partials = InMemoryTemplateSource(["row": "ok\n{{#x}}"])
    var caught: TemplateError?
    do {
      _ = try Template(source: "{{>row}}", name: "main").render([:], partials: partials)
    } catch {
      caught = error
    }
    #expect(caught?.templateName == "row")
    #expect(caught?.line == 2)
    #expect(caught?.message == "unclosed section 'x': expected '{{/x}}' before the end of the template")
  }

  @Test func runawayRecursionIsARenderError() throws {
    let partials = InMemoryTemplateSource(["loop": "{{>loop}}"])
    let template = try Template(source: "x\n {{>loop}}", name: "main")
    #expect(
      throws: TemplateError(
        kind: .render, templateName: "loop", line: 1, column: 1,
        message: "partials nested more than 200 levels deep (recursive 'loop'?)")
    ) {
      try template.render([:], partials: partials)
    }
  }

  @Test func descriptionWithoutLocation() {
    let error = TemplateError(kind: .notFound, templateName: "agenda", message: "no template named 'agenda'")
    #expect(error.description == "agenda: no template named 'agenda'")
  }
}
