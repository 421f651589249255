import PosttimTemplating

extension TemplateValue {
  /// The value as pretty-printed JSON with sorted keys (streams are read
  /// out), for `posttim-report --dump-context`; the JSON writer's printer.
  public func jsonText() -> String { jsonValue.text(level: 0) }

  var jsonValue: JSONValue {
    switch self {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .integer(let value): return .integer(value)
    case .number(let value): return .number(value)
    case .string(let text): return .string(text)
    case .list(let items): return .array(items.map(\.jsonValue))
    case .stream(let stream): return .array(stream.map(\.jsonValue))
    case .object(let fields): return .object(fields.keys.sorted().map { ($0, fields[$0]!.jsonValue) })
    case .lazyObject(let object):
      return .object(object.keys.sorted().map { ($0, (object[$0] ?? .null).jsonValue) })
    }
  }
}
