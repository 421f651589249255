import Foundation
import PosttimICU
import Testing

@testable import PosttimReport

/// Row anchors: the content ID, and "-2", "-3"… for later twins in
/// agenda order, whether the table is built on one core or several.
@Suite("Task anchors")
struct TaskAnchorTests {
  /// The anchors as first written: each task's `stableID`, made unique
  /// with a dictionary of the IDs seen, in agenda order.
  static func reference(_ view: ReportView) -> [String] {
    var seen: [String: Int] = [:]
    return view.sections.flatMap { section in
      section.tasks.map { task in
        let id = task.task.stableID
        let count = seen[id, default: 0] + 1
        seen[id] = count
        return count == 1 ? id : "\(id)-\(count)"
      }
    }
  }

  static func anchors(_ view: ReportView) -> [String] { view.sections.flatMap { $0.tasks.map(\.id) } }

  /// `count` tasks over a few days; of every five, the last two are twins of the third.
  static func tasks(_ count: Int) -> [TaskEntry] {
    var tasks: [TaskEntry] = []
    for index in 0..<count {
      if index % 5 >= 3, let last = tasks.last {
        tasks.append(last)
        continue
      }
      tasks.append(
        TaskEntry(
          title: "Tâche \(index % 97)", date: ReportFixture.now.addingTimeInterval(Double(index % 500) * 600),
          importance: index % 9 + 1, details: index % 3 == 0 ? "" : "détail \(index % 13)"))
    }
    return tasks
  }

  @Test(
    "twins get -2, -3… in agenda order, across sections, from hashes the agenda kept or made on demand",
    arguments: [40, TaskAnchors.parallelCount + 1_000], [false, true])
  func twinsInAgendaOrder(count: Int, hashedByAgenda: Bool) throws {
    let fixture = try ReportFixture()
    var options = AgendaOptions(now: ReportFixture.now)
    options.hashesTaskIDs = hashedByAgenda
    let agenda = try fixture.agenda(Self.tasks(count), options: options)
    #expect(agenda.sections.allSatisfy { $0.taskIDHashes.isEmpty != hashedByAgenda })
    let view = fixture.presenter.view(of: agenda)
    let anchors = Self.anchors(view)
    #expect(anchors.count == count)
    #expect(anchors == Self.reference(view))
    #expect(Set(anchors).count == count)
    #expect(anchors.contains { $0.hasSuffix("-2") })
    #expect(anchors.contains { $0.hasSuffix("-3") })
  }

  @Test("three identical tasks: the ID, then -2 and -3")
  func threeTwins() throws {
    let fixture = try ReportFixture()
    let task = TaskEntry(title: "A", date: ReportFixture.now, importance: 5)
    let view = fixture.presenter.view(of: try fixture.agenda([task, task, task]))
    #expect(Self.anchors(view) == [task.stableID, task.stableID + "-2", task.stableID + "-3"])
    #expect(task.stableID == "task-" + String(task.stableHash, radix: 16).leftPadded(to: 16))
  }

  @Test(
    "the hash reads the importance as String(importance) writes it",
    arguments: [0, 1, 9, 10, 99, 1_000, -1, -10, Int.max, Int.min])
  func importanceDigits(importance: Int) {
    let task = TaskEntry(title: "t", date: ReportFixture.now, importance: importance, details: "d")
    let joined = ISO8601.utcString(task.date) + "\u{1F}t\u{1F}" + String(importance) + "\u{1F}d"
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in joined.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    #expect(task.stableHash == hash)
  }

  @Test(
    "an entry hashed in place (texts read where they are stored) hashes as its fields do",
    arguments: [
      ("", ""), ("t", "d"), ("Quinze octets!!", "Seize octets !!!"), ("Réunion d'équipe 3", "Détail — à faire"),
    ])
  func hashInPlace(title: String, details: String) {
    let task = TaskEntry(title: title, date: ReportFixture.now, importance: 7, details: details)
    let inPlace = withUnsafePointer(to: task) { TaskEntry.stableHash(at: $0) }
    #expect(inPlace == task.stableHash)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (ISO8601.utcString(task.date) + "\u{1F}\(title)\u{1F}7\u{1F}\(details)").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    #expect(inPlace == hash)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
