import Foundation
import PosttimReport
import PosttimTemplating
import Testing
import TestSupport

/// Users replace one block or one partial without copying the rest.
@Suite("Template overrides")
struct TemplateOverrideTests {
  func render(_ options: WriterOptions, format: String = "html") throws -> String {
    let fixture = try ReportFixture()
    let writer = try #require(try WriterRegistry.standard.writer(for: format, options: options))
    return try fixture.render(writer, fixture.exampleView())
  }

  @Test("--template inheriting from the default replaces only the footer block")
  func inheritingLayout() throws {
    let standard = try render(WriterOptions())
    var options = WriterOptions()
    options[TemplateReportWriter.Options.self] = .init(
      layout: (
        "mine.mustache",
        "{{<agenda}}{{$footer}}<footer>{{taskCount}} tâches, {{timeZoneID}}</footer>\n{{/footer}}{{/agenda}}"
      ))
    let custom = try render(options)
    #expect(custom.contains("<footer>24 tâches, America/Toronto</footer>\n</body>"))
    #expect(!custom.contains("Produit par"))
    // Everything before the footer is the default document, byte for byte.
    let cut = try #require(standard.range(of: "<footer"))
    #expect(custom.hasPrefix(String(standard[..<cut.lowerBound])))
  }

  @Test("a full --template replaces the whole layout")
  func fullLayout() throws {
    var options = WriterOptions()
    options[TemplateReportWriter.Options.self] = .init(
      layout: ("list.mustache", "{{#sections}}{{#tasks}}{{dateUTC}} {{title}}\n{{/tasks}}{{/sections}}"))
    let text = try render(options, format: "markdown")
    #expect(text.hasPrefix("2026-11-01T05:30:00Z Vérifier les réveils (1re fois 1 h 30)\n"))
    #expect(text.split(separator: "\n").count == 24)
  }

  @Test("--template-dir replaces one partial; the rest stays the default")
  func partialOverride() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "tpl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appending(path: "markdown"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "- {{when}} **{{displayTitle}}**\n".write(
      to: folder.appending(path: "markdown/task.mustache"), atomically: true, encoding: .utf8)
    let options = WriterOptions(
      resources: LayeredResources([try DirectoryResources(root: folder), EmbeddedResources()]))
    let text = try render(options, format: "markdown")
    #expect(text.contains("- 07 h 45 **Café avec Jean-François**\n"))
    #expect(text.hasPrefix("# Agenda\n"))
    #expect(!text.contains("| 07 h 45 |"))
  }

  @Test("a template error names the template, line and column")
  func syntaxError() throws {
    var options = WriterOptions()
    options[TemplateReportWriter.Options.self] = .init(layout: ("bad.mustache", "ok\n  {{#sections}}\n{{/tasks}}"))
    do {
      _ = try render(options)
      Issue.record("accepted a bad template")
    } catch let error as TemplateError {
      #expect(error.kind == .syntax)
      #expect(error.templateName == "bad.mustache")
      #expect((error.line, error.column) == (3, 1))
    }
  }

  @Test("the HTML document is list → detail: index links, rows link to details")
  func listToDetail() throws {
    let html = try render(WriterOptions())
    #expect(
      html.contains("<li><a href=\"#day-2026-12-01\" style=\"color:#0b57d0;\">Demain — mardi 1 décembre 2026</a>"))
    let id = "task-0655a7cf3492e4cd"  // "Remettre le TP #3", from its content
    #expect(html.contains("<a href=\"#\(id)\" style=\"color:#0b57d0;\">Remettre le TP #3 — Post&#39;TIM</a>"))
    #expect(html.contains("<article id=\"\(id)\""))
    // The detail adds only what the row lacks: the UTC offset (13:00Z is
    // 08:00 at −05:00 in Toronto) and the entry it was read from.
    #expect(
      html.contains(
        "<b dir=\"auto\">Remettre le TP #3 — Post&#39;TIM</b><br><span class=\"q\" style=\"color:#595959;font-size:13px;\"><span style=\"white-space:nowrap;\">30 nov. 2026, 08 h 00 (UTC−05:00)</span> · Tiré de listeDesTaches.plist, entrée 1</span></article>"
      ))
    let detail = try #require(html.range(of: "<article id=\"\(id)\"")).lowerBound
    #expect(
      !html[detail...].prefix(400).contains("Déposer l&#39;archive"), "the description is in the row, not repeated")
    // Every anchor is unique.
    let ids = html.components(separatedBy: " id=\"").dropFirst().map { $0.prefix(while: { $0 != "\"" }) }
    #expect(Set(ids).count == ids.count)
  }

  @Test("--no-details: no details part and no links to it; the rows keep every field")
  func noDetails() throws {
    var options = WriterOptions()
    options.showDetails = false
    let html = try render(options)
    #expect(!html.contains("<article"))
    #expect(!html.contains("href=\"#task-"))
    #expect(!html.contains("Détail des tâches"))
    #expect(
      html.contains(
        "<b style=\"white-space:nowrap;\">08 h 00</b> <span dir=\"auto\">Remettre le TP #3 — Post&#39;TIM</span> "))
    #expect(
      html.contains(
        "background-color:#b3261e;color:#fff;\">8</span><br><span dir=\"auto\" style=\"white-space:pre-line;\">Déposer l&#39;archive .zip sur le portail.\nVérifier que le projet compile sans avertissement.</span></li>"
      ))
  }

  @Test("the context dump is JSON with the documented fields")
  func contextDump() throws {
    let fixture = try ReportFixture()
    let json = fixture.presenter.view(of: try fixture.agenda(TaskListLoader().load(TestPaths.example.path)))
      .templateContext.jsonText()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["languageTag"] as? String == "fr-CA")
    #expect(object["taskCount"] as? Int == 24)
    let sections = try #require(object["sections"] as? [[String: Any]])
    #expect(sections.first?["id"] as? String == "overdue")
    let task = try #require((sections[1]["tasks"] as? [[String: Any]])?.first)
    #expect(task["dateUTC"] as? String == "2026-11-30T12:45:00Z")
    #expect(task["when"] as? String == "07 h 45")
    #expect(
      Set(task.keys).isSuperset(of: [
        "id", "title", "displayTitle", "importance", "details", "dateLocal", "extraFields", "source", "sourceLine",
      ]))
  }
}

extension TemplateOverrideTests {
  @Test("a typo in a partial or parent name is refused, not rendered as an empty agenda")
  func missingInclude() throws {
    var options = WriterOptions()
    options[TemplateReportWriter.Options.self] = .init(
      layout: ("typo.mustache", "{{<agneda}}{{$footer}}x{{/footer}}{{/agneda}}"))
    do {
      _ = try render(options)
      Issue.record("accepted a missing parent")
    } catch let error as TemplateError {
      #expect(error.description == "typo.mustache:1:1: error: no template named 'agneda'")
      #expect(error.kind == .notFound)
    }
  }
}
