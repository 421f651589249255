import Foundation
import PosttimReport

/// A task list reader on Foundation's `PropertyListDecoder` (behind
/// ``PlistPreflight``): the independent reference the differential tests
/// compare `TaskListDecoder` with. Test support, not part of the library.
///
/// Known differences, where this reader is lenient and ``TaskListDecoder``
/// strict or correct: duplicate keys (the last one wins here), XML dates
/// before 1582-10-15 (read as Julian here) and in year 0000 (refused here),
/// encodings other than UTF-8 and UTF-16 in the XML declaration (refused
/// here), shared references in binary lists (expanded here, exponentially).
public struct FoundationTaskListDecoder: Sendable {
  /// A decoder with no state.
  public init() {}

  /// Decodes and validates a whole task list.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - file: the name used in errors and in each task's origin.
  /// - Returns: the tasks, in file order.
  /// - Throws: ``TaskListError`` (`.unreadable` or `.invalid`) naming the
  ///   file, and for a bad value the entry (from 1) and the key.
  public func decode(_ data: Data, file: String) throws(TaskListError) -> [TaskEntry] {
    guard !data.isEmpty else {
      throw TaskListError(.unreadable, file: file, message: "is empty, not a property list")
    }
    switch PlistPreflight.check(data) {
    case .tooDeep:
      throw TaskListError(
        .invalid, file: file,
        message: TaskListDecoder.tooDeepMessage)
    case .malformed(let reason):
      throw TaskListError(.unreadable, file: file, message: "not a valid binary property list (\(reason))")
    case .badDate(let line, let entry, let text):
      throw TaskListError(
        .invalid, file: file, entry: entry, key: TaskListDecoder.Key.date,
        message: "must be a UTC date YYYY-MM-DDTHH:MM:SSZ, got \"\(TaskListError.printable(text))\" (line \(line))")
    case .badNumber(let line):
      throw TaskListError(
        .unreadable, file: file, message: "not a property list (a number that is not ASCII text at line \(line))")
    case nil: break
    }
    let decoder = PropertyListDecoder()
    decoder.userInfo[TaskRecord.fileKey] = file
    var format = PropertyListSerialization.PropertyListFormat.xml
    do {
      let records = try decoder.decode([TaskRecord].self, from: data, format: &format)
      guard format != .openStep else { throw TaskListDecoder.notXMLOrBinary(file) }
      return records.map(\.entry)
    } catch let error as TaskListError {
      throw error
    } catch let error as DecodingError {
      throw Self.explain(error, data: data, file: file)
    } catch {
      throw TaskListError(.unreadable, file: file, message: "not a property list (\(Self.reason(error)))")
    }
  }

  /// Turns a decoding failure outside an entry into a message: bytes that
  /// are no property list, an OpenStep one, or a root that is no array.
  static func explain(_ error: DecodingError, data: Data, file: String) -> TaskListError {
    var format = PropertyListSerialization.PropertyListFormat.xml
    guard let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    else {
      let underlying: Error
      switch error {
      case .dataCorrupted(let context): underlying = context.underlyingError ?? error
      default: underlying = error
      }
      return TaskListError(
        .unreadable, file: file, message: "not a property list (\(Self.reason(underlying)))")
    }
    if format == .openStep { return TaskListDecoder.notXMLOrBinary(file) }
    let shape = PropertyListValue(foundation: root)?.typeName ?? "an unknown value"
    return TaskListError(
      .invalid, file: file, message: "the root must be an array of task dictionaries, got \(shape)")
  }

  /// Foundation's message without its Cocoa boilerplate, keeping "at line N".
  static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    let debug = nsError.userInfo["NSDebugDescription"] as? String
    return debug ?? nsError.localizedDescription
  }
}
