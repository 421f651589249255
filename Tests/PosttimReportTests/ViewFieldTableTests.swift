import Foundation
import PosttimTemplating
import Testing
import TestSupport

@testable import PosttimReport

/// The view field tables are the one description of the report's shape:
/// the template context, the JSON writer and both documents come from them.
@Suite("View field tables")
struct ViewFieldTableTests {
  @Test("the documents' field tables are the generated ones (RECORD_SNAPSHOTS=1 rewrites them)")
  func documents() throws {
    var texts: [String: String] = [:]
    for part in ViewFieldDocuments.parts {
      let url = TestPaths.packageRoot.appending(path: part.document)
      var text = try texts[part.document] ?? String(contentsOf: url, encoding: .utf8)
      let begin =
        "<!-- fields:\(part.marker) (generated from the view field tables; RECORD_SNAPSHOTS=1 swift test updates it) -->\n"
      let end = "\n<!-- /fields:\(part.marker) -->"
      let start = try #require(text.range(of: begin), "\(part.document) lacks the \(part.marker) marker")
      let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
      if String(text[start.upperBound..<stop.lowerBound]) != part.text {
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
          text.replaceSubrange(start.upperBound..<stop.lowerBound, with: part.text)
        } else {
          Issue.record(
            "\(part.document) \(part.marker) table differs from the view field table; expected:\n\(part.text)")
        }
      }
      texts[part.document] = text
    }
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
      for (document, text) in texts {
        try text.write(to: TestPaths.packageRoot.appending(path: document), atomically: true, encoding: .utf8)
      }
    }
  }

  @Test("names are unique in each output, and every alias is documented")
  func names() {
    func check<View>(_ fields: [ViewField<View>]) {
      let names = fields.map(\.name)
      #expect(Set(names).count == names.count)
      let json = fields.compactMap(\.jsonName)
      #expect(Set(json).count == json.count)
    }
    check(ReportView.fields)
    check(SectionView.fields)
    check(TaskView.fields)
    check(ColumnLabels.fields)
    let parents = Set(
      ReportView.fields.compactMap(\.jsonName).filter { $0.contains(".") }.map { String($0.split(separator: ".")[0]) })
    #expect(parents == Set(ReportView.jsonObjects.keys))
  }

  @Test("a row's lazy members and the JSON members agree, under each output's name")
  func aliases() throws {
    let fixture = try ReportFixture()
    let view = fixture.presenter.view(of: try fixture.agenda(TaskListLoader().load(TestPaths.example.path)))
    let task = try #require(view.sections.first?.tasks.first)
    guard case .lazyObject(let row) = task.templateValue else {
      Issue.record("a row is not a lazy object")
      return
    }
    #expect(row.keys.count == 19)
    let json = JSONReportWriter.value(of: task)
    guard case .object(let members) = json else { return }
    #expect(
      members.map(\.key) == [
        "id", "title", "displayTitle", "importance", "description", "dateUTC", "dateLocal", "when", "dateTime",
        "exactWhen", "extraFields", "source",
      ])
    #expect(row["details"].flatMap(Self.string) == task.details)
    #expect(row["description"] == nil)
    #expect(row["isHighImportance"].flatMap(Self.bool) == (task.importance >= 7))
    let header = JSONReportWriter().header(view).map(\.key)
    #expect(
      header == ["schemaVersion", "generator", "locale", "timeZone", "now", "today", "title", "taskCount", "totalLine"])
  }

  static func string(_ value: TemplateValue) -> String? {
    if case .string(let text) = value { return text }
    return nil
  }

  static func bool(_ value: TemplateValue) -> Bool? {
    if case .bool(let flag) = value { return flag }
    return nil
  }
}
