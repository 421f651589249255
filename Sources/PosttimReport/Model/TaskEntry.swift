import FoundationEssentials

/// One task of a Post'TIM task list (`listeDesTaches.plist`), as the app's
/// `Tache` class stores it.
///
/// Plist keys (the app's French names) map to fields: `tache` → ``title``,
/// `date` → ``date``, `importance` → ``importance``, `description` →
/// ``details``. Keys the app does not write are kept in ``extraFields``
/// so nothing a user added is lost.
public struct TaskEntry: Sendable, Equatable {
  /// The task's title (`tache`); may be empty, since the app creates empty
  /// tasks.
  public var title: String
  /// When the task is due (`date`), an instant (stored in UTC in the file).
  public var date: Date
  /// How important the task is (`importance`), 1 (least) … 9 (most).
  public var importance: Int
  /// The free-text description (`description`); "" when missing.
  public var details: String
  /// Keys this tool does not know, with their values, by key.
  public var extraFields: [String: PropertyListValue]
  /// Where the task was read from.
  public var origin: TaskOrigin

  /// A task as read; see each property.
  public init(
    title: String, date: Date, importance: Int, details: String = "",
    extraFields: [String: PropertyListValue] = [:], origin: TaskOrigin = .init(file: "", entry: 0)
  ) {
    self.title = title
    self.date = date
    self.importance = importance
    self.details = details
    self.extraFields = extraFields
    self.origin = origin
  }
}

extension TaskEntry {
  /// What a task moved out of an array leaves in its place
  /// (``AgendaBuilder/build(moving:options:)``): no title, no details, no
  /// extra fields, importance 0, at 2001-01-01T00:00:00Z, from file "",
  /// entry 0. None of it owns heap storage, so making and dropping one
  /// costs no reference counting.
  package static let vacated = TaskEntry(title: "", date: Date(timeIntervalSinceReferenceDate: 0), importance: 0)

  /// `first`'s tasks, then `second`'s, moved rather than copied (`first +
  /// second` retained every task's strings, cold in a long list, and
  /// released them again with the halves). In place when the caller gives
  /// up its only reference to `first`; `second` itself when `first` is empty.
  package static func joined(_ first: consuming [TaskEntry], _ second: consuming [TaskEntry]) -> [TaskEntry] {
    var joined = first
    var second = second
    if joined.isEmpty { return second }
    joined.reserveCapacity(joined.count + second.count)
    for index in second.indices { joined.append(second.movingOut(at: index)) }
    return joined
  }
}

extension Array where Element == TaskEntry {
  /// The task at `index`, moved out: ``TaskEntry/vacated`` takes its place
  /// (a swap, so no reference counting, where a copy retained its strings).
  package mutating func movingOut(at index: Int) -> TaskEntry {
    var task = TaskEntry.vacated
    swap(&task, &self[index])
    return task
  }
}

extension UnsafeMutableBufferPointer where Element == TaskEntry {
  /// The tasks at `indices`, in that order, moved out as
  /// ``Array/movingOut(at:)`` does, with no check that the buffer is
  /// unique on each move: in a long sorted list these reads are cache
  /// misses, and the fewer instructions between them, the more of them the
  /// processor overlaps. The indices must be valid and distinct; distinct
  /// indices may be gathered from several threads at once.
  package func gathering(_ indices: some Collection<Int>) -> [TaskEntry] {
    guard let base = baseAddress else { return [] }
    let vacated = TaskEntry.vacated
    return [TaskEntry](unsafeUninitializedCapacity: indices.count) { gathered, count in
      for index in indices {
        precondition(index >= 0 && index < self.count, "task index out of range")
        (gathered.baseAddress! + count).initialize(to: (base + index).move())
        (base + index).initialize(to: vacated)
        count += 1
      }
    }
  }
}

/// The file and entry a task came from, for messages and stable IDs.
public struct TaskOrigin: Sendable, Hashable {
  /// The path as given on the command line (`-` for stdin).
  public var file: String
  /// The entry's position in the file's array, counting from 1.
  public var entry: Int

  /// - Parameters:
  ///   - file: the input path as given (`-` for standard input).
  ///   - entry: the entry's position in the file's array, from 1.
  public init(file: String, entry: Int) {
    self.file = file
    self.entry = entry
  }
}
