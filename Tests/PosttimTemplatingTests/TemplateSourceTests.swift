import Foundation
import PosttimTemplating
import Testing

@Suite("Template sources")
struct TemplateSourceTests {
  /// A fresh directory with the given files (name → contents).
  private func makeDirectory(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("posttim-templating-\(UUID().uuidString)", isDirectory: true)
    for (path, contents) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  @Test func directoryLoadsByNameAndSubfolder() throws {
    let root = try makeDirectory(["page.mustache": "[{{>rows/row}}]", "rows/row.mustache": "{{x}}"])
    defer { try? FileManager.default.removeItem(at: root) }
    let source = DirectoryTemplateSource(root: root, fileExtension: "mustache")
    let page = try #require(try source.template(named: "page"))
    #expect(page.name == "page")
    #expect(try page.render(["x": "1"], partials: source) == "[1]")
    #expect(try source.template(named: "absent") == nil)
  }

  @Test(arguments: ["../secret", "/etc/passwd", "rows/../../secret", "a//b", "./page", "", "a\\b"])
  func directoryRejectsNamesEscapingTheRoot(_ name: String) throws {
    let root = try makeDirectory(["inside/page.mustache": "x"])
    defer { try? FileManager.default.removeItem(at: root) }
    try "secret".write(to: root.appendingPathComponent("secret.mustache"), atomically: true, encoding: .utf8)
    let source = DirectoryTemplateSource(root: root.appendingPathComponent("inside"), fileExtension: "mustache")
    #expect(throws: TemplateError(
      kind: .notFound, templateName: name,
      message: "invalid template name '\(name)': names must be relative paths inside the template directory")
    ) {
      try source.template(named: name)
    }
  }

  @Test func rejectedPartialIsReportedAtTheIncludingTag() throws {
    let root = try makeDirectory([:])
    let source = DirectoryTemplateSource(root: root, fileExtension: "mustache")
    let template = try Template(source: "ok\n  {{>../x}}", name: "main")
    #expect(throws: TemplateError(
      kind: .notFound, templateName: "main", line: 2, column: 3,
      message: "cannot load '../x': invalid template name '../x': names must be relative paths inside the template directory")
    ) {
      try template.render([:], partials: source)
    }
  }

  @Test func chainedSourceFirstHitWins() throws {
    let user = InMemoryTemplateSource(["header": "USER"])
    let defaults = InMemoryTemplateSource(["header": "DEFAULT", "footer": "default footer"])
    let chain = ChainedTemplateSource([user, defaults])
    let template = try Template(source: "{{>header}}|{{>footer}}|{{>nothing}}", name: "main")
    #expect(try template.render([:], partials: chain) == "USER|default footer|")
    let reversed = ChainedTemplateSource([defaults, user])
    #expect(try template.render([:], partials: reversed) == "DEFAULT|default footer|")
    #expect(try chain.template(named: "nothing") == nil)
  }

  @Test func chainedSourceMixesDirectoryAndMemory() throws {
    let root = try makeDirectory(["footer.md": "user footer"])
    defer { try? FileManager.default.removeItem(at: root) }
    let chain = ChainedTemplateSource([
      DirectoryTemplateSource(root: root, fileExtension: "md"),
      InMemoryTemplateSource(["footer": "shipped footer", "header": "shipped header"]),
    ])
    let template = try Template(source: "{{>header}} / {{>footer}}", name: "main")
    #expect(try template.render([:], partials: chain) == "shipped header / user footer")
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
