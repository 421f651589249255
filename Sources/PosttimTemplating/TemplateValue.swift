import FoundationEssentials

/// The data a template is rendered against: a JSON-like value tree.
///
/// Shapes: `null`, `bool`, `integer` (renders as `85`), `number` (a `Double`;
/// renders as `1.21`, integral values without `.0`), `string`, `list`,
/// `object` (string-keyed), and `stream`, a lazy list (see `TemplateStream`).
///
/// Truthiness, for `{{#x}}` / `{{^x}}`: `null`, `false`, `""`, an empty list and
/// an empty stream are falsey; everything else (including `0`) is truthy.
/// Lists and streams iterate; other truthy values are pushed once.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// sections.yml and interpolation.yml.
public enum TemplateValue: Sendable {
  /// A missing or null value: falsy, renders as "".
  case null
  /// A boolean: a section shows when true.
  case bool(Bool)
  /// An integer, rendered in ASCII digits.
  case integer(Int)
  /// A number: integral values render as integers (as JavaScript prints them), others as Swift's shortest round-trip text.
  case number(Double)
  /// Text; an empty string is falsy (the Mustache spec's rule).
  case string(String)
  /// A list: a section repeats once per item; empty is falsy.
  case list([TemplateValue])
  /// An object: a section pushes it on the context stack.
  case object([String: TemplateValue])
  /// An object whose members are computed on lookup (see `TemplateObject`,
  /// a class: one reference, so values stay 16 bytes).
  case lazyObject(TemplateObject)
  /// A list read once, item by item, as the template renders it.
  case stream(TemplateStream)

  /// The member named `key` of an object; `nil` for anything else or a missing key.
  public subscript(key: String) -> TemplateValue? {
    switch self {
    case .object(let members): return members[key]
    case .lazyObject(let object): return object[key]
    default: return nil
    }
  }

  /// Whether a section over this value renders (see the type's truthiness rules).
  var isTruthy: Bool {
    switch self {
    case .null: return false
    case .bool(let value): return value
    case .integer, .number, .object, .lazyObject: return true
    case .string(let value): return !value.isEmpty
    case .list(let items): return !items.isEmpty
    case .stream(let stream): return stream.makeIterator().next() != nil
    }
  }

  /// The text an interpolation tag writes (before escaping).
  var renderedText: String {
    switch self {
    case .null: return ""
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .number(let value):
      // JSON has one number type; print integral doubles the way JS would.
      if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
      return String(value)
    case .string(let value): return value
    case .list(let items): return items.map(\.renderedText).joined(separator: ",")
    // A stream interpolates as the list it stands for: the same rows give
    // the same text whether they come as a stream or as a list.
    case .stream(let stream): return stream.map(\.renderedText).joined(separator: ",")
    case .object, .lazyObject: return ""
    }
  }
}

extension TemplateValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
