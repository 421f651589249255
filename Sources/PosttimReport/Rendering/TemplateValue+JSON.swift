import PosttimTemplating

extension TemplateValue {
  /// The value as pretty-printed JSON with sorted keys (streams are read
  /// out), for `posttim-report --dump-context`.
  public func jsonText(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .number(let value): return value.isFinite ? String(value) : "null"
    case .string(let text): return JSONText.string(text)
    case .list(let items): return Self.array(items, indent: indent)
    case .stream(let stream): return Self.array(Array(stream), indent: indent)
    case .lazyObject(let object):
      var fields: [String: TemplateValue] = [:]
      for key in object.keys { fields[key] = object[key] ?? .null }
      return TemplateValue.object(fields).jsonText(indent: indent)
    case .object(let fields):
      if fields.isEmpty { return "{}" }
      let lines = fields.keys.sorted().map { inner + JSONText.string($0) + ": " + fields[$0]!.jsonText(indent: inner) }
      return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
    }
  }

  private static func array(_ items: [TemplateValue], indent: String) -> String {
    if items.isEmpty { return "[]" }
    let inner = indent + "  "
    return "[\n" + items.map { inner + $0.jsonText(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
  }
}
