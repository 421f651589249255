import Foundation

/// Turns property list bytes into validated ``TaskEntry`` values.
///
/// Format: Apple property list, XML (`<?xml …><plist>`) or binary
/// (`bplist00`), holding an array of dictionaries with `tache` (string),
/// `date` (date), `importance` (string "1"…"9", or an integer 1…9) and an
/// optional `description` (string). Any other key is kept. OpenStep text
/// plists are refused: the app never writes them, and Foundation reads
/// almost any text (even an empty file) as one.
public struct TaskListDecoder: Sendable {
  public init() {}

  /// The plist keys the app writes, by field.
  public enum Key {
    public static let title = "tache"
    public static let date = "date"
    public static let importance = "importance"
    public static let details = "description"
    static let known: Set<String> = [title, date, importance, details]
  }

  /// Decodes and validates a whole task list.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - file: the name used in errors and in each task's origin.
  /// - Returns: the tasks, in file order.
  /// - Throws: ``TaskListError`` (`.unreadable` or `.invalid`) naming the
  ///   file, and for a bad value the entry (from 1) and the key.
  public func decode(_ data: Data, file: String) throws(TaskListError) -> [TaskEntry] {
    let root = try parse(data, file: file)
    guard let array = root as? [Any] else {
      throw TaskListError(
        .invalid, file: file,
        message: "the root must be an array of task dictionaries, got \(typeName(root))")
    }
    var tasks: [TaskEntry] = []
    tasks.reserveCapacity(array.count)
    for (index, element) in array.enumerated() {
      tasks.append(try entry(element, origin: TaskOrigin(file: file, entry: index + 1)))
    }
    return tasks
  }

  private func parse(_ data: Data, file: String) throws(TaskListError) -> Any {
    var format = PropertyListSerialization.PropertyListFormat.xml
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    } catch {
      throw TaskListError(.unreadable, file: file, message: "not a property list (\(Self.reason(error)))")
    }
    guard format != .openStep else {
      throw TaskListError(
        .unreadable, file: file, message: "not an XML or binary property list")
    }
    return root
  }

  /// Foundation's message without its Cocoa boilerplate, keeping "at line N".
  static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    let debug = nsError.userInfo["NSDebugDescription"] as? String
    return debug ?? nsError.localizedDescription
  }

  private func entry(_ element: Any, origin: TaskOrigin) throws(TaskListError) -> TaskEntry {
    func fail(_ key: String?, _ message: String) -> TaskListError {
      TaskListError(.invalid, file: origin.file, entry: origin.entry, key: key, message: message)
    }
    guard let fields = element as? [String: Any] else {
      throw fail(nil, "must be a dictionary, got \(typeName(element))")
    }
    guard let rawTitle = fields[Key.title] else { throw fail(Key.title, "is missing") }
    guard let title = rawTitle as? String else {
      throw fail(Key.title, "must be a string, got \(typeName(rawTitle))")
    }
    guard let rawDate = fields[Key.date] else { throw fail(Key.date, "is missing") }
    guard let date = rawDate as? Date else {
      throw fail(Key.date, "must be a date, got \(typeName(rawDate))")
    }
    guard date.timeIntervalSince1970.isFinite,
      abs(date.timeIntervalSince1970) < 253_402_300_800  // years 0001…9999
    else { throw fail(Key.date, "is out of range") }
    guard let rawImportance = fields[Key.importance] else { throw fail(Key.importance, "is missing") }
    let importance = try importanceValue(rawImportance) { message in fail(Key.importance, message) }
    var details = ""
    if let rawDetails = fields[Key.details] {
      guard let text = rawDetails as? String else {
        throw fail(Key.details, "must be a string, got \(typeName(rawDetails))")
      }
      details = text
    }
    var extra: [String: PropertyListValue] = [:]
    for (key, value) in fields where !Key.known.contains(key) {
      guard let kept = PropertyListValue(value) else { throw fail(key, "has an unsupported type") }
      extra[key] = kept
    }
    return TaskEntry(
      title: title, date: date, importance: importance, details: details, extraFields: extra,
      origin: origin)
  }

  /// "1"…"9" as the app writes it, or an integer 1…9.
  private func importanceValue(
    _ value: Any, fail: (String) -> TaskListError
  ) throws(TaskListError) -> Int {
    if let text = value as? String {
      guard text.count == 1, let digit = text.first?.wholeNumberValue, text.first!.isASCII,
        (1...9).contains(digit)
      else { throw fail("must be 1…9, got \"\(text)\"") }
      return digit
    }
    if !(value is Bool), let number = value as? NSNumber, !number.isReal {
      guard (1...9).contains(number.intValue) else { throw fail("must be 1…9, got \(number.intValue)") }
      return number.intValue
    }
    throw fail("must be 1…9 (a string or an integer), got \(typeName(value))")
  }

  private func typeName(_ value: Any) -> String {
    switch value {
    case is String: return "a string"
    case is Date: return "a date"
    case is Data: return "data"
    case is [Any]: return "an array"
    case is [String: Any]: return "a dictionary"
    case is Bool: return "a boolean"
    case let number as NSNumber: return number.isReal ? "a real number" : "an integer"
    default: return "a \(type(of: value))"
    }
  }
}
