import Foundation
import PosttimICU
import PosttimReport

extension PropertyListValue {
  /// Converts a value from `PropertyListSerialization`.
  /// - Returns: nil for a type a property list cannot hold.
  init?(foundation value: Any) {
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
        guard let converted = PropertyListValue(foundation: item) else { return nil }
        items.append(converted)
      }
      self = .array(items)
    case let dictionary as [String: Any]:
      var items: [String: PropertyListValue] = [:]
      for (key, item) in dictionary {
        guard let converted = PropertyListValue(foundation: item) else { return nil }
        items[key] = converted
      }
      self = .dictionary(items)
    default: return nil
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
}

/// Any property list value, as Foundation's `PropertyListDecoder` gives it.
/// A wrapper, not a conformance: `PropertyListValue` belongs to the library.
struct DecodedValue: Decodable {
  let value: PropertyListValue

  /// Decodes any property list value, trying the common types first.
  init(from decoder: Decoder) throws {
    if let container = try? decoder.container(keyedBy: TaskRecord.AnyKey.self) {
      var items: [String: PropertyListValue] = [:]
      for key in container.allKeys {
        items[key.stringValue] = try container.decode(DecodedValue.self, forKey: key).value
      }
      value = .dictionary(items)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var items: [PropertyListValue] = []
      while !container.isAtEnd { items.append(try container.decode(DecodedValue.self).value) }
      value = .array(items)
      return
    }
    let single = try decoder.singleValueContainer()
    if let text = try? single.decode(String.self) {
      value = .string(text)
    } else if let date = try? single.decode(Date.self) {
      value = .date(date)
    } else if let flag = try? single.decode(Bool.self) {
      value = .bool(flag)
    } else if let number = try? single.decode(Int.self) {
      value = .integer(number)
    } else if let number = try? single.decode(Double.self) {
      value = .real(number)
    } else {
      value = .data(try single.decode(Data.self))
    }
  }
}

extension NSNumber {
  /// True for a `<real>`: Foundation reports its C type as double or float.
  /// (Booleans arrive as Swift `Bool`, never as NSNumber, on Linux.)
  fileprivate var isReal: Bool {
    let type = String(cString: objCType)
    return type == "d" || type == "f"
  }
}
