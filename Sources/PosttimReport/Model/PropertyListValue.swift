import Foundation
import PosttimICU

/// A property list value of a key this tool does not interpret, kept as
/// read so it can be shown (HTML detail, JSON) and never lost.
///
/// Not `indirect`: arrays and dictionaries already live on the heap, and
/// boxing every string cost a malloc per value read.
public enum PropertyListValue: Sendable, Equatable {
  /// A `<string>`.
  case string(String)
  /// An `<integer>` (64-bit).
  case integer(Int)
  /// A `<real>`.
  case real(Double)
  /// `<true/>` or `<false/>`.
  case bool(Bool)
  /// A `<date>` (UTC, proleptic Gregorian).
  case date(Date)
  /// A `<data>` (Base64 in XML).
  case data(Data)
  /// An `<array>`.
  case array([PropertyListValue])
  /// A `<dict>`, by key.
  case dictionary([String: PropertyListValue])

  /// Converts a value from `PropertyListSerialization`.
  /// - Returns: nil for a type a property list cannot hold.
  init?(_ value: Any) {
    switch value {
    case let text as String: self = .string(text)
    case let date as Date: self = .date(date)
    case let data as Data: self = .data(data)
    // An NSNumber 0 or 1 also casts to Bool on Linux; only a real Bool is one.
    case let flag as Bool where type(of: value) == Bool.self: self = .bool(flag)
    case let number as NSNumber:
      self = number.isReal ? .real(number.doubleValue) : .integer(number.intValue)
    case let array as [Any]:
      var items: [PropertyListValue] = []
      for item in array {
        guard let converted = PropertyListValue(item) else { return nil }
        items.append(converted)
      }
      self = .array(items)
    case let dictionary as [String: Any]:
      var items: [String: PropertyListValue] = [:]
      for (key, item) in dictionary {
        guard let converted = PropertyListValue(item) else { return nil }
        items[key] = converted
      }
      self = .dictionary(items)
    default: return nil
    }
  }
}

extension PropertyListValue: Decodable {
  /// Decodes any property list value, trying the common types first.
  public init(from decoder: Decoder) throws {
    if let container = try? decoder.container(keyedBy: TaskRecord.AnyKey.self) {
      var items: [String: PropertyListValue] = [:]
      for key in container.allKeys {
        items[key.stringValue] = try container.decode(PropertyListValue.self, forKey: key)
      }
      self = .dictionary(items)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var items: [PropertyListValue] = []
      while !container.isAtEnd { items.append(try container.decode(PropertyListValue.self)) }
      self = .array(items)
      return
    }
    let single = try decoder.singleValueContainer()
    if let text = try? single.decode(String.self) {
      self = .string(text)
    } else if let date = try? single.decode(Date.self) {
      self = .date(date)
    } else if let flag = try? single.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? single.decode(Int.self) {
      self = .integer(number)
    } else if let number = try? single.decode(Double.self) {
      self = .real(number)
    } else {
      self = .data(try single.decode(Data.self))
    }
  }

  /// False when a date anywhere in the value is outside the years
  /// 1…9999 (it could not be written as ISO 8601).
  var datesAreSupported: Bool {
    switch self {
    case .date(let date): return ISO8601.isSupported(date)
    case .array(let items): return items.allSatisfy(\.datesAreSupported)
    case .dictionary(let items): return items.values.allSatisfy(\.datesAreSupported)
    default: return true
    }
  }

  /// "a string", "an integer"…, for error messages.
  var typeName: String {
    switch self {
    case .string: return "a string"
    case .integer: return "an integer"
    case .real: return "a real number"
    case .bool: return "a boolean"
    case .date: return "a date"
    case .data: return "data"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    }
  }
}

extension NSNumber {
  /// True for a `<real>`: Foundation reports its C type as double or float.
  /// (Booleans arrive as Swift `Bool`, never as NSNumber, on Linux.)
  var isReal: Bool {
    let type = String(cString: objCType)
    return type == "d" || type == "f"
  }
}

extension PropertyListValue {
  /// The value as one line of text for people: dates in ISO 8601 UTC,
  /// data in Base64, arrays and dictionaries as JSON-like text.
  public var text: String {
    switch self {
    case .string(let text): return text
    case .integer(let value): return String(value)
    case .real(let value): return String(value)
    case .bool(let value): return value ? "true" : "false"
    case .date(let date): return ISO8601.utcString(date)
    case .data(let data): return data.base64EncodedString()
    case .array(let items): return "[" + items.map(\.quotedText).joined(separator: ", ") + "]"
    case .dictionary(let items):
      return "{" + items.keys.sorted().map { "\"\($0)\": \(items[$0]!.quotedText)" }.joined(separator: ", ") + "}"
    }
  }

  private var quotedText: String {
    if case .string(let text) = self { return "\"" + text + "\"" }
    return text
  }
}
