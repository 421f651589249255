import PosttimTemplating

/// One field of a view type (``ReportView``, ``SectionView``, ``TaskView``,
/// ``ColumnLabels``), described once: its name, type, example, meaning and
/// how to read it. The template context, the JSON writer's members and the
/// field tables of docs/template-context.md and docs/json-schema.md are all
/// derived from these tables, so adding a field is one entry.
///
/// The name is the template context's. Where the JSON schema (version 1)
/// published another name before the table existed, ``jsonName`` keeps it
/// as the JSON output's alias (`details` is `description` in JSON; a dotted
/// alias such as `locale.id` nests the member in an object).
struct ViewField<View>: Sendable {
  let name: String
  let kind: ViewFieldKind
  /// For the template context document; may be empty.
  let example: String
  /// For the template context document.
  let meaning: String
  let json: ViewFieldJSONPlacement
  /// For the JSON schema document, where it says more than ``meaning``.
  let jsonMeaning: String?
  /// Documents the members of a record in the JSON schema: (name, type, meaning).
  let jsonMembers: [(name: String, type: String, meaning: String)]
  let value: @Sendable (View, ViewFieldContext) -> ViewFieldValue
  /// ``jsonName`` cut at its dot (`locale.id`: "locale", "id"); nil
  /// without one. Cut once: JSON writes every task's members.
  let jsonNesting: (parent: String, child: String)?

  init(
    _ name: String, _ kind: ViewFieldKind, example: String = "", _ meaning: String,
    json: ViewFieldJSONPlacement = .sameName,
    jsonMeaning: String? = nil, jsonMembers: [(name: String, type: String, meaning: String)] = [],
    value: @escaping @Sendable (View, ViewFieldContext) -> ViewFieldValue
  ) {
    self.name = name
    self.kind = kind
    self.example = example
    self.meaning = meaning
    self.json = json
    self.jsonMeaning = jsonMeaning
    self.jsonMembers = jsonMembers
    self.value = value
    let jsonName: String? =
      switch json {
      case .sameName: name
      case .alias(let alias): alias
      case .absent: nil
      }
    if let jsonName, let dot = jsonName.firstIndex(of: ".") {
      jsonNesting = (String(jsonName[..<dot]), String(jsonName[jsonName.index(after: dot)...]))
    } else {
      jsonNesting = nil
    }
  }

  /// The JSON member name (dotted when nested), or nil when JSON omits the field.
  var jsonName: String? {
    switch json {
    case .sameName: return name
    case .alias(let alias): return alias
    case .absent: return nil
    }
  }
}

/// The field's value, in a shape both outputs can write.
enum ViewFieldValue {
  case string(String)
  case integer(Int)
  case bool(Bool)
  case null
  /// Fixed members, in order: an object in both outputs.
  case record([(key: String, value: ViewFieldValue)])
  /// Data-keyed text: a list of `{key, value}` objects in templates (so
  /// sections can iterate it), an object keyed by `key` in JSON.
  case map([(key: String, value: String)])
}

/// The type as each document names it.
enum ViewFieldKind {
  case string, integer, boolean, optionalString, record, map

  var templateName: String {
    switch self {
    case .string: return "string"
    case .integer: return "integer"
    case .boolean: return "boolean"
    case .optionalString: return "string or null"
    case .record: return "object"
    case .map: return "list of `{key, value}`"
    }
  }

  var jsonName: String {
    switch self {
    case .optionalString: return "string or null"
    case .map, .record: return "object"
    default: return templateName
    }
  }
}

/// Where the JSON output shows the field.
enum ViewFieldJSONPlacement {
  /// Under the template name.
  case sameName
  /// Under another name: a published alias, dotted when nested (`locale.id`).
  case alias(String)
  /// Not in the JSON output (display helpers such as `isToday`).
  case absent
}

/// What a field may need besides its view: the writer's choice and the
/// report's today.
struct ViewFieldContext: Sendable {
  var showDetails = true
  var todayISO = ""
}

/// The row of a view's child list (`sections`, `tasks`), for the documents;
/// each output writes the children its own way (a list, a stream).
struct ViewChildrenField: Sendable {
  let name: String
  let templateType: String
  let jsonType: String
  let meaning: String
  let jsonMeaning: String
}

extension ViewFieldValue {
  var templateValue: TemplateValue {
    switch self {
    case .string(let text): return .string(text)
    case .integer(let value): return .integer(value)
    case .bool(let value): return .bool(value)
    case .null: return .null
    case .record(let members):
      return .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.templateValue) }))
    case .map(let pairs): return .list(pairs.map { .object(["key": .string($0.key), "value": .string($0.value)]) })
    }
  }

  var jsonValue: JSONValue {
    switch self {
    case .record(let members):
      var object: [(key: String, value: JSONValue)] = []
      for member in members { object.append((member.key, member.value.jsonValue)) }
      return JSONValue.object(object)
    case .string(let text): return .string(text)
    case .integer(let value): return .integer(value)
    case .bool(let value): return .bool(value)
    case .null: return .null
    case .map(let pairs): return .object(pairs.map { ($0.key, .string($0.value)) })
    }
  }
}

/// Reading a view through its field table.
enum ViewFieldReader {
  /// The template context's member values for `view`, in table order.
  static func templateValues<View>(_ fields: [ViewField<View>], of view: View, _ context: ViewFieldContext)
    -> [TemplateValue]
  {
    fields.map { $0.value(view, context).templateValue }
  }

  /// The JSON members for `view`, in table order; consecutive dotted
  /// aliases with the same prefix (`locale.id`, `locale.direction`) make one
  /// nested object.
  static func jsonMembers<View>(
    _ fields: [ViewField<View>], of view: View, _ context: ViewFieldContext = ViewFieldContext()
  ) -> [(key: String, value: JSONValue)] {
    var members: [(key: String, value: JSONValue)] = []
    for field in fields {
      guard let name = field.jsonName else { continue }
      let value = field.value(view, context).jsonValue
      guard let (parent, child) = field.jsonNesting else {
        members.append((name, value))
        continue
      }
      if let last = members.last, last.key == parent, case .object(var inner) = last.value {
        inner.append((child, value))
        members[members.count - 1].value = .object(inner)
      } else {
        members.append((parent, .object([(child, value)])))
      }
    }
    return members
  }
}
