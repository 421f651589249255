/// A small JSON value (RFC 8259) that is built whole, such as one task or
/// one header object, and written pretty-printed by the streaming JSON
/// writer. Object members keep the order given, so output is
/// deterministic.
enum JSONValue: Sendable {
  case string(String)
  case integer(Int)
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// Two spaces per level, as Python's `json.dumps(indent=2)`.
  static func indent(_ level: Int) -> String { String(repeating: "  ", count: level) }

  /// The value's text for a value nested `level` deep: the first line is
  /// not indented (it follows a key or the caller's indent), later lines
  /// are, and there is no trailing newline. An empty object is `{}`.
  func text(level: Int) -> String {
    switch self {
    case .string(let text): return JSONText.string(text)
    case .integer(let value): return String(value)
    case .number(let value): return value.isFinite ? String(value) : "null"
    case .bool(let value): return value ? "true" : "false"
    case .null: return "null"
    case .array(let items):
      if items.isEmpty { return "[]" }
      let inner = Self.indent(level + 1)
      return "[\n" + items.map { inner + $0.text(level: level + 1) }.joined(separator: ",\n") + "\n"
        + Self.indent(level) + "]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      let inner = Self.indent(level + 1)
      let body = members.map { inner + JSONText.string($0.key) + ": " + $0.value.text(level: level + 1) }
      return "{\n" + body.joined(separator: ",\n") + "\n" + Self.indent(level) + "}"
    }
  }
}
