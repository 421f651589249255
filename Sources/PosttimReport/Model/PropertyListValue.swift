import FoundationEssentials
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
}

extension PropertyListValue {
  /// "a string", "an integer"…, for error messages.
  package var typeName: String {
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

extension PropertyListValue {
  /// The value as one line of text for people: dates in ISO 8601 UTC,
  /// data in Base64, arrays and dictionaries as JSON-like text whose
  /// strings and keys are JSON string literals (``JSONText/string(_:)``):
  /// a `"` inside one is `\"`, so a string cannot pose as more keys.
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
      return "{"
        + items.keys.sorted().map { "\(JSONText.string($0)): \(items[$0]!.quotedText)" }.joined(separator: ", ") + "}"
    }
  }

  private var quotedText: String {
    if case .string(let text) = self { return JSONText.string(text) }
    return text
  }
}
