import Synchronization

/// The rows' anchors ("task-3f2a…"), made on first use: Markdown, CSV
/// and text never show them, so a run in those formats never hashes a
/// million tasks.
///
/// IDs come from a task's content, so identical twins would share one;
/// later twins get "-2", "-3"… in agenda order, and every anchor in a
/// report is unique.
final class TaskAnchors: Sendable {
  private let sections: [[TaskEntry]]
  private let table = Mutex<[[String]]?>(nil)

  init(_ agenda: Agenda) { sections = agenda.sections.map(\.tasks) }

  /// The anchor of row `row` of section `section`.
  func id(section: Int, row: Int) -> String {
    table.withLock { table in
      if table == nil { table = Self.build(sections) }
      return table![section][row]
    }
  }

  private static func build(_ sections: [[TaskEntry]]) -> [[String]] {
    var seen: [String: Int] = [:]
    return sections.map { tasks in
      tasks.map { task in
        let id = task.stableID
        let count = seen[id, default: 0] + 1
        seen[id] = count
        return count == 1 ? id : "\(id)-\(count)"
      }
    }
  }
}
