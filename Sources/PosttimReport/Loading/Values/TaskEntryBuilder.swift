import FoundationEssentials
import PosttimICU

/// Validates one task dictionary key by key, as a reader delivers it, into
/// a ``TaskEntry``. Both readers (XML and binary) share it, so a value is
/// judged, and an error worded, the same whatever the encoding.
///
/// Rules: `tache` a string, `date` a date, `importance` the string "1"…"9"
/// or an integer 1…9, `description` a string; any other key is kept as
/// read. A key given twice is refused (Foundation keeps the last one, which
/// can hide an invalid value).
package struct TaskEntryBuilder {
  let file: String
  /// The entry's position in the root array, from 1.
  let entry: Int
  private var title: String?
  private var date: Date?
  private var importance: Int?
  private var details: String?
  // Not the literal `[:]`: that is a call per task to build an empty dictionary.
  private var extra = [String: PropertyListValue]()

  init(file: String, entry: Int) {
    self.file = file
    self.entry = entry
  }

  func fail(_ key: String?, _ message: String) -> TaskListError {
    TaskListError(.invalid, file: file, entry: entry, key: key, message: message)
  }

  /// What a key is to a task: one of the four the tool reads, or another.
  enum Field {
    case title, date, importance, details, other

    init(_ key: String) {
      switch key {
      case TaskListDecoder.Key.title: self = .title
      case TaskListDecoder.Key.date: self = .date
      case TaskListDecoder.Key.importance: self = .importance
      case TaskListDecoder.Key.details: self = .details
      default: self = .other
      }
    }
  }

  /// Adds one key and its value.
  /// - Throws: ``TaskListError`` (`.invalid`) naming the entry and the key.
  mutating func add(_ key: String, _ value: PropertyListValue) throws(TaskListError) {
    try add(key, value, as: Field(key))
  }

  /// ``add(_:_:)`` of a key whose field is known (a reader that meets a
  /// key object again knows it).
  mutating func add(_ key: String, _ value: PropertyListValue, as field: Field) throws(TaskListError) {
    switch field {
    case .title, .details:
      guard case .string(let text) = value else {
        // Given twice is the first complaint, whatever the second value is.
        guard (field == .title ? title : details) == nil else { throw duplicate(key) }
        throw fail(key, "must be a string, got \(value.typeName)")
      }
      try add(key, text: text, as: field)
    case .date:
      guard date == nil else { throw duplicate(key) }
      guard case .date(let instant) = value else { throw fail(key, "must be a date, got \(value.typeName)") }
      date = instant
    case .importance:
      guard importance == nil else { throw duplicate(key) }
      importance = try Self.importance(value) { fail(key, $0) }
    case .other:
      guard extra.updateValue(value, forKey: key) == nil else { throw duplicate(key) }
    }
  }

  /// Adds the text of the title or the description: a reader that has
  /// the text as a string, not as a value, hands it over as it is.
  /// - Precondition: `field` is `.title` or `.details`.
  mutating func add(_ key: String, text: consuming String, as field: Field) throws(TaskListError) {
    if field == .title {
      guard title == nil else { throw duplicate(key) }
      title = text
    } else {
      guard details == nil else { throw duplicate(key) }
      details = text
    }
  }

  func duplicate(_ key: String) -> TaskListError {
    fail(key, "is given twice in the entry (duplicate key)")
  }

  /// The entry, once every key is in; the title, description and other
  /// fields are moved into it, not copied.
  /// - Throws: ``TaskListError`` naming the first missing required key.
  mutating func finish() throws(TaskListError) -> TaskEntry {
    // Taken out: a copy (a consuming method copied the builder) retained
    // every string once more, the file's path included, and released them
    // when the builder ended, for every task.
    guard let title = title.take() else { throw fail(TaskListDecoder.Key.title, "is missing") }
    guard let date else { throw fail(TaskListDecoder.Key.date, "is missing") }
    guard let importance else { throw fail(TaskListDecoder.Key.importance, "is missing") }
    var extraFields = [String: PropertyListValue]()
    swap(&extraFields, &extra)
    return TaskEntry(
      title: title, date: date, importance: importance, details: details.take() ?? "", extraFields: extraFields,
      origin: TaskOrigin(file: file, entry: entry))
  }

  /// The value kinds ``importance(_:fail:)`` reads, for its messages.
  static let acceptedKinds = "a string, an integer, or a whole real number"

  /// "1"…"9" as the app writes it, an integer 1…9, or a whole real 1.0…9.0
  /// (unambiguous, so read as that integer). A refused real is shown as
  /// `written`, the text of an XML `<real>` (`-0.0`, `1e309`), else as
  /// Swift spells the number a binary list holds (`-0.0`, `inf`).
  package static func importance(
    _ value: PropertyListValue, written: String? = nil, fail: (String) -> TaskListError
  ) throws(TaskListError) -> Int {
    switch value {
    case .string(let text):
      guard text.utf8.count == 1, let byte = text.utf8.first, (49...57).contains(byte) else {
        throw fail("must be 1…9, got \"\(TaskListError.printable(text))\"")
      }
      return Int(byte - 48)
    case .integer(let number):
      guard (1...9).contains(number) else { throw fail("must be 1…9, got \(number)") }
      return number
    case .real(let number):
      // Swift's shortest round-trip spelling: `5.5`, `1e+20`, `nan`.
      let shown = written ?? "\(number)"
      guard number.rounded() == number, abs(number) < 1e15 else {
        throw fail("must be 1…9 (\(acceptedKinds)), got \(shown)")
      }
      guard (1...9).contains(Int(number)) else { throw fail("must be 1…9, got \(shown)") }
      return Int(number)
    default:
      throw fail("must be 1…9 (\(acceptedKinds)), got \(value.typeName)")
    }
  }
}
