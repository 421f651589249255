import Foundation
import PosttimTemplating
import Testing

@testable import PosttimReport

/// A task row lends its anchor, title, display title and description as
/// UTF-8, read in place, and its formatted times, importance and source
/// line; what it lends must be the member's own text, and lent as plain
/// (written without the escaper) only where that text is plain.
@Suite("A task row's lent texts")
struct TaskViewLentTextTests {
  @Test("each lent member is the member's text: anchors, empty, blank, short and long titles and descriptions")
  func lentTextsAreTheMembers() throws {
    let fixture = try ReportFixture()
    let due = ReportFixture.now.addingTimeInterval(3_600)
    let texts = [
      "", "court", "exactly 15 byte", "sixteen bytes ok", "Remettre le TP #3 — Post'TIM <b>", "é", " \u{200B}",
    ]
    let distinct = texts.flatMap { title in
      texts.map { TaskEntry(title: title, date: due, importance: 5, details: $0) }
    }
    // Twins: anchors "-2" and "-3".
    let tasks = distinct + [distinct[7], distinct[7]]
    let view = fixture.presenter.view(of: try fixture.agenda(tasks))
    var lent = 0
    for task in view.sections.flatMap(\.tasks) {
      for position in TaskView.fields.indices {
        var bytes: [UInt8]?
        var lentPlain = false
        let wasLent = task.withUTF8(ofMember: position) { text, isPlain in
          bytes = Array(text)
          lentPlain = isPlain
        }
        guard wasLent else { continue }
        lent += 1
        let name = TaskView.fields[position].name
        guard case .string(let text) = task.member(at: position) else {
          Issue.record("\(name) lent but not text")
          continue
        }
        #expect(bytes == Array(text.utf8), "\(name)")
        // Only plain text may be lent as plain; the anchor and the
        // importance always are, the task's own texts never.
        #expect(!lentPlain || PlainText.isPlain(text), "\(name): \(text)")
        #expect(!["id", "importanceText"].contains(name) || lentPlain, "\(name)")
        #expect(!["title", "displayTitle", "details"].contains(name) || !lentPlain, "\(name)")
      }
    }
    #expect(lent == tasks.count * 9)
    let ids = view.sections.flatMap(\.tasks).map(\.id)
    #expect(ids.filter { $0.hasSuffix("-3") }.count == 1)
  }
}
