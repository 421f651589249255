import Foundation

extension ReportView {
  /// The bytes of the tasks' own text (titles, details, other fields), for
  /// the render budget (``RenderBudget``), which counts every byte written:
  /// a task with a long description may write it, escaped, once per tag.
  /// Counted without making rows (a native string knows its UTF-8 length).
  public var textBytes: Int {
    sections.reduce(0) { total, section in
      section.rows.entries.reduce(total) { total, task in
        total &+ task.title.utf8.count &+ task.details.utf8.count
          &+ task.extraFields.reduce(0) { $0 &+ $1.key.utf8.count &+ $1.value.textBytes }
      }
    }
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
