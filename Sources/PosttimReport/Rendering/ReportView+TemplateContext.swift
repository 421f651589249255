import PosttimTemplating

extension ReportView {
  /// The context handed to report templates (documented field by field in
  /// docs/template-context.md, generated from ``ReportView/fields``;
  /// `posttim-report --dump-context` prints it).
  /// Task lists are streams: rows are made while the template renders.
  public var templateContext: TemplateValue { templateContext(showDetails: true) }

  /// The same, with `showDetails` set as the writer decides
  /// (``WriterOptions/showDetails``): whether the report has a details part.
  public func templateContext(showDetails: Bool) -> TemplateValue {
    let context = ViewFieldContext(showDetails: showDetails, todayISO: todayISO)
    var members = ViewFieldReader.templateMembers(Self.fields, of: self, context)
    members[Self.children.name] = .list(sections.map { $0.templateValue(context) })
    return .object(members)
  }
}

extension SectionView {
  func templateValue(_ context: ViewFieldContext) -> TemplateValue {
    let section = self  // Sendable: the rows are made from it on demand
    var members = ViewFieldReader.templateMembers(Self.fields, of: self, context)
    members[Self.children.name] = .stream(
      TemplateStream {
        var rows = TaskRows([section])
        return AnyIterator { rows.next()?.templateValue }
      })
    return .object(members)
  }
}

extension TaskView {
  /// The row's members, computed as a template reads them.
  static let templateKeys = fields.map(\.name)

  /// Field positions by name length: a lookup compares the key with the
  /// one or two names of its length. This runs for every tag of every row,
  /// where hashing the key, or comparing it with all twenty names, costs
  /// more than the rest of the lookup.
  static let fieldsByLength: [[Int]] = {
    var table = [[Int]](repeating: [], count: (templateKeys.map(\.utf8.count).max() ?? 0) + 1)
    for (index, name) in templateKeys.enumerated() { table[name.utf8.count].append(index) }
    return table
  }()

  /// The position of the field named `key` in ``fields``, or nil.
  static func fieldIndex(_ key: String) -> Int? {
    let length = key.utf8.count
    guard length < fieldsByLength.count else { return nil }
    return fieldsByLength[length].first { templateKeys[$0] == key }
  }

  var templateValue: TemplateValue {
    let row = self
    return .lazyObject(TemplateObject(keys: Self.templateKeys) { row.templateMember($0) })
  }

  func templateMember(_ key: String) -> TemplateValue? {
    guard let index = Self.fieldIndex(key) else { return nil }
    return Self.fields[index].value(self, ViewFieldContext()).templateValue
  }
}
