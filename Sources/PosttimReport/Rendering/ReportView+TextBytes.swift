import FoundationEssentials
import PosttimParallel

extension ReportView {
  /// The bytes of the tasks' own text (titles, details, other fields), for
  /// the render budget (``RenderBudget``), which counts every byte written:
  /// a task with a long description may write it, escaped, once per tag.
  /// Read in place: a native string knows its UTF-8 length without its
  /// storage, so the pass reads only the entries' array (a copy of each
  /// entry retained its strings, a cache miss per task before rendering).
  /// A long report's sections are counted in two parts at once, split
  /// where half its tasks are behind.
  public var textBytes: Int {
    let total = taskCount
    guard total >= AgendaBuilder.parallelGatherMinimum, Parallel.width > 1 else {
      return Self.textBytes(of: sections[...])
    }
    var split = 0
    var before = 0
    while split < sections.count, before < total / 2 {
      before += sections[split].rows.entries.count
      split += 1
    }
    let parts = [sections[..<split], sections[split...]]
    return Parallel.map(2) { Self.textBytes(of: parts[$0]) }.reduce(0, &+)
  }

  private static func textBytes(of sections: ArraySlice<SectionView>) -> Int {
    var total = 0
    for section in sections {
      section.rows.entries.withUnsafeBufferPointer { tasks in
        for index in tasks.indices {
          total &+= tasks[index].title.utf8.count &+ tasks[index].details.utf8.count
          if !tasks[index].extraFields.isEmpty {
            total = tasks[index].extraFields.reduce(total) { $0 &+ $1.key.utf8.count &+ $1.value.textBytes }
          }
        }
      }
    }
    return total
  }
}

extension PropertyListValue {
  /// About the bytes this value takes as text: its strings' and keys'
  /// UTF-8, its data in Base64, 32 for a number, date or Boolean.
  var textBytes: Int {
    switch self {
    case .string(let text): return text.utf8.count
    case .data(let data): return data.count &* 4 / 3 &+ 4
    case .array(let items): return items.reduce(0) { $0 &+ $1.textBytes }
    case .dictionary(let members): return members.reduce(0) { $0 &+ $1.key.utf8.count &+ $1.value.textBytes }
    default: return 32
    }
  }
}
