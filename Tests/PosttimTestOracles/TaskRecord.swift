import Foundation
import PosttimICU
import PosttimReport

/// One entry of the plist array as decoded: validates while decoding, so
/// an error names the entry (from its position in the array) and the key.
struct TaskRecord: Decodable {
  static let fileKey = CodingUserInfoKey(rawValue: "posttim.file")!

  let entry: TaskEntry

  struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: Decoder) throws {
    let file = decoder.userInfo[Self.fileKey] as? String ?? ""
    let index = (decoder.codingPath.last?.intValue ?? 0) + 1
    let origin = TaskOrigin(file: file, entry: index)
    func fail(_ key: String?, _ message: String) -> TaskListError {
      TaskListError(.invalid, file: file, entry: index, key: key, message: message)
    }
    let fields: KeyedDecodingContainer<AnyKey>
    do {
      fields = try decoder.container(keyedBy: AnyKey.self)
    } catch {
      let value = try? decoder.singleValueContainer().decode(DecodedValue.self).value
      throw fail(nil, "must be a dictionary, got \(value?.typeName ?? "an unknown value")")
    }
    /// The type a value really has, for messages.
    func actual(_ key: AnyKey) -> String {
      (try? fields.decode(DecodedValue.self, forKey: key))?.value.typeName ?? "an unknown value"
    }
    // One pass over the keys, decoding each known one with its own type
    // (no generic helper: this runs for every key of every task).
    var title: String?
    var date: Date?
    var importance: Int?
    var details = ""
    var extra: [String: PropertyListValue] = [:]
    for key in fields.allKeys {
      switch key.stringValue {
      case TaskListDecoder.Key.title:
        guard let value = try? fields.decode(String.self, forKey: key) else {
          throw fail(key.stringValue, "must be a string, got \(actual(key))")
        }
        title = value
      case TaskListDecoder.Key.date:
        guard let value = try? fields.decode(Date.self, forKey: key) else {
          throw fail(key.stringValue, "must be a date, got \(actual(key))")
        }
        date = value
      case TaskListDecoder.Key.importance:
        if let text = try? fields.decode(String.self, forKey: key) {
          importance = try TaskEntryBuilder.importance(.string(text)) { fail(key.stringValue, $0) }
        } else {
          guard let value = try? fields.decode(DecodedValue.self, forKey: key).value else {
            throw fail(key.stringValue, "must be 1…9, got a number out of range")
          }
          importance = try TaskEntryBuilder.importance(value) { fail(key.stringValue, $0) }
        }
      case TaskListDecoder.Key.details:
        guard let value = try? fields.decode(String.self, forKey: key) else {
          throw fail(key.stringValue, "must be a string, got \(actual(key))")
        }
        details = value
      default:
        guard let kept = try? fields.decode(DecodedValue.self, forKey: key).value else {
          throw fail(key.stringValue, "has an unsupported type")
        }
        guard kept.datesAreSupported else { throw fail(key.stringValue, "holds a date out of range (years 1…9999)") }
        extra[key.stringValue] = kept
      }
    }
    guard let title else { throw fail(TaskListDecoder.Key.title, "is missing") }
    guard let date else { throw fail(TaskListDecoder.Key.date, "is missing") }
    guard ISO8601.isSupported(date) else { throw fail(TaskListDecoder.Key.date, "is out of range (years 1…9999)") }
    guard let importance else { throw fail(TaskListDecoder.Key.importance, "is missing") }
    entry = TaskEntry(
      title: title, date: date, importance: importance, details: details, extraFields: extra, origin: origin)
  }
}
