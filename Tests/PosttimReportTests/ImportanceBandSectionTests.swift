import Foundation
import Testing

@testable import PosttimReport

/// A user's template opening the importance bands (`{{#isHighImportance}}`…)
/// over a day's tasks: the row steps read the bands' truths from the task,
/// the tree walk makes their values; both must write the same bytes, and
/// the bands must follow the documented 7…9, 4…6, 1…3.
@Suite("Importance band sections in a user's template")
struct ImportanceBandSectionTests {
  /// Truth alone (no `{{.}}`), inverted, and the value itself (`{{.}}`).
  static let body =
    "{{importance}}:{{#isHighImportance}}H{{/isHighImportance}}{{#isMediumImportance}}M{{/isMediumImportance}}"
    + "{{#isLowImportance}}L{{/isLowImportance}}{{^isLowImportance}}!{{/isLowImportance}}"
    + "{{#isHighImportance}}={{.}}{{/isHighImportance}}\n"

  /// `count` tasks on one day, importance 1…9 in turn.
  static func render(count: Int, treeWalk: Bool) throws -> String {
    let fixture = try ReportFixture()
    let tasks = (0..<count).map { n in
      TaskEntry(
        title: "T\(n)", date: ReportFixture.now.addingTimeInterval(Double(n % 600) * 60), importance: n % 9 + 1,
        details: "", extraFields: [:], origin: TaskOrigin(file: "t.plist", entry: n + 1))
    }
    // A block in the rows' body leaves them to the tree walk.
    let rows = treeWalk ? "{{$row}}" + body + "{{/row}}" : body
    var options = WriterOptions()
    options[TemplateReportWriter.Options.self] = .init(
      layout: ("bands.mustache", "{{#sections}}{{#tasks}}" + rows + "{{/tasks}}{{/sections}}"))
    let writer = try #require(try WriterRegistry.standard.writer(for: "html", options: options))
    return try fixture.render(writer, fixture.presenter.view(of: try fixture.agenda(tasks)))
  }

  @Test("the row steps write what the tree walk writes, each band as documented", arguments: [40, 1_100])
  func bands(count: Int) throws {
    let steps = try Self.render(count: count, treeWalk: false)
    #expect(steps == (try Self.render(count: count, treeWalk: true)))
    let lines = steps.split(separator: "\n")
    #expect(lines.count == count)
    let expected = [
      "1:L", "2:L", "3:L", "4:M!", "5:M!", "6:M!", "7:H!=true", "8:H!=true", "9:H!=true",
    ]
    for line in lines { #expect(expected.contains(String(line)), "\(line)") }
    #expect(Set(lines.map(String.init)) == Set(expected))
  }
}
