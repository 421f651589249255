import Foundation
import PosttimTemplating

/// The Mustache spec's JSON data as template values (tests only: the
/// library does not link Foundation's JSONSerialization).
extension TemplateValue {
  /// Builds a value from `JSONSerialization` output (`NSNull`, `NSNumber`/`Bool`,
  /// `String`, arrays and string-keyed dictionaries). Anything else becomes `null`.
  init(json: Any) {
    switch json {
    case is NSNull:
      self = .null
    case let string as String:
      self = .string(string)
    case let array as [Any]:
      self = .list(array.map(TemplateValue.init(json:)))
    case let dictionary as [String: Any]:
      self = .object(dictionary.mapValues(TemplateValue.init(json:)))
    case let number as NSNumber:
      self = TemplateValue(number: number)
    case let bool as Bool:
      self = .bool(bool)
    case let int as Int:
      self = .integer(int)
    case let double as Double:
      self = .number(double)
    default:
      self = .null
    }
  }

  private init(number: NSNumber) {
    // JSONSerialization boxes booleans as NSNumber too ("c" on every platform);
    // tell them apart so `true` does not render as `1`, and keep ints exact.
    switch String(cString: number.objCType) {
    case "c", "B": self = .bool(number.boolValue)
    case "f", "d": self = .number(number.doubleValue)
    default: self = .integer(number.intValue)
    }
  }
}
