import PosttimTemplating
import Testing

@Suite("Template sources")
struct TemplateSourceTests {
  // Folders of templates are the report's `ResourceFiles` (DirectoryResources,
  // LayeredResources), tested in PosttimReportTests/ResourceFilesTests.swift.

  @Test func partialsAreLookedUpByName() throws {
    let partials = InMemoryTemplateSource(["header": "HEAD", "rows/row": "{{x}}"])
    let template = try Template(source: "{{>header}}|{{>rows/row}}|{{>nothing}}", name: "main")
    #expect(try template.render(["x": "1"], partials: partials) == "HEAD|1|")
    #expect(try partials.template(named: "nothing") == nil)
  }

  @Test("an alias (one file under another name) renders as its file, and its syntax error names the alias")
  func aliasesShareTheirFilesParse() throws {
    let partials = InMemoryTemplateSource(["a": "<{{x}}>", "bad": "{{#x}}"], aliases: ["b": "a", "worse": "bad"])
    let template = try Template(source: "{{>a}}{{>b}}", name: "main")
    #expect(try template.render(["x": "1"], partials: partials) == "<1><1>")
    #expect(try partials.template(named: "b")?.name == "b")
    #expect(throws: TemplateError.self) { try partials.template(named: "worse") }
    do {
      _ = try partials.template(named: "worse")
    } catch {
      #expect(error.templateName == "worse")
    }
  }

  @Test func requiredTemplateThrowsNotFound() {
    let source = InMemoryTemplateSource([:])
    #expect(throws: TemplateError(kind: .notFound, templateName: "agenda", message: "no template named 'agenda'")) {
      try source.requiredTemplate(named: "agenda")
    }
  }
}

@Suite("HTML escaping")
struct HTMLEscapingTests {
  @Test(arguments: [
    ("plain text", "plain text"),
    ("a & b", "a &amp; b"),
    ("<b>\"hi\"</b>", "&lt;b&gt;&quot;hi&quot;&lt;/b&gt;"),
    ("it's", "it&#39;s"),
    ("café ⟨x⟩ &amp;", "café ⟨x⟩ &amp;amp;"),
    ("", ""),
  ])
  func escapes(_ input: String, _ expected: String) {
    #expect(HTMLEscaping.escape(input) == expected)
  }
}
