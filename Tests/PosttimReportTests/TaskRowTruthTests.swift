import Foundation
@testable import PosttimTemplating
import Testing

@testable import PosttimReport

/// A task row answers `{{#details}}`, `{{#hasExtraFields}}` and the
/// importance bands (`{{#isHighImportance}}`…) from the task (``TemplateMembers/truth(ofMember:)``) without making the value:
/// the answer must be the value's own truth, and only for a value no name
/// is looked up in.
@Suite("Task rows' section truths")
struct TaskRowTruthTests {
  @Test("every truth a row answers is its member's, for tasks with and without a description, unknown keys, each band")
  func truthsMatchMembers() throws {
    let fixture = try ReportFixture()
    let tasks = (0..<8).map { n in
      TaskEntry(
        title: "Tâche \(n)", date: Date(timeIntervalSince1970: 1_792_454_400 + Double(n) * 3_600), importance: n + 1,
        details: n % 2 == 0 ? "" : "ligne \(n)", extraFields: n % 4 < 2 ? [:] : ["couleur": .string("rouge")],
        origin: TaskOrigin(file: "t.plist", entry: n + 1))
    }
    let options = AgendaOptions(now: ReportFixture.now, from: LocalDay(year: 2026, month: 1, day: 1))
    let view = fixture.presenter.view(of: try fixture.agenda(tasks, options: options))
    var answered: Set<String> = []
    var truths: [String: [Bool]] = [:]
    for section in view.sections {
      for task in section.tasks {
        for (position, key) in TaskView.templateKeys.names.enumerated() {
          guard let truth = task.truth(ofMember: position) else { continue }
          let member = task.member(at: position)
          #expect(truth == member.isTruthy, "\(key)")
          #expect(member.scalarTruth != nil, "\(key)")
          answered.insert(key)
          truths[key, default: []].append(truth)
        }
      }
    }
    let bands = ["isHighImportance", "isMediumImportance", "isLowImportance"]
    #expect(answered == Set(["details", "hasExtraFields"] + bands))
    for band in bands { #expect(Set(truths[band] ?? []) == [false, true], "\(band)") }
    #expect(Set(truths["details"] ?? []) == [false, true])
    #expect(Set(truths["hasExtraFields"] ?? []) == [false, true])
  }
}
