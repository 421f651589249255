import PosttimTemplating

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
    var buffer = TextBuffer(capacity: 256)
    write(level: level, to: &buffer)
    return buffer.text
  }

  /// ``text(level:)``, written into `buffer` (no string per member).
  func write(level: Int, to buffer: inout TextBuffer) {
    switch self {
    case .string(let text): JSONText.write(text, to: &buffer)
    case .integer(let value): buffer.write(String(value))
    case .number(let value): buffer.write(value.isFinite ? String(value) : "null")
    case .bool(let value): buffer.write(value ? "true" : "false")
    case .null: buffer.write("null")
    case .array(let items):
      if items.isEmpty { return buffer.write("[]") }
      buffer.write("[\n")
      for (index, item) in items.enumerated() {
        if index > 0 { buffer.write(",\n") }
        Self.writeIndent(level + 1, to: &buffer)
        item.write(level: level + 1, to: &buffer)
      }
      buffer.write(byte: 0x0A)
      Self.writeIndent(level, to: &buffer)
      buffer.write(byte: 0x5D)
    case .object(let members):
      if members.isEmpty { return buffer.write("{}") }
      buffer.write("{\n")
      for (index, member) in members.enumerated() {
        if index > 0 { buffer.write(",\n") }
        Self.writeIndent(level + 1, to: &buffer)
        JSONText.write(member.key, to: &buffer)
        buffer.write(": ")
        member.value.write(level: level + 1, to: &buffer)
      }
      buffer.write(byte: 0x0A)
      Self.writeIndent(level, to: &buffer)
      buffer.write(byte: 0x7D)
    }
  }

  /// ``indent(_:)`` into `buffer`.
  static func writeIndent(_ level: Int, to buffer: inout TextBuffer) {
    buffer.write(level < indents.count ? indents[level] : indent(level))
  }

  /// ``indent(_:)`` of the levels a report reaches, made once.
  private static let indents = (0..<8).map(indent)
}
