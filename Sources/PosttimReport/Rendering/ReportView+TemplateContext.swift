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
      TemplateStream { AnyIterator(section.tasks.lazy.map(\.templateValue).makeIterator()) })
    return .object(members)
  }
}

extension TaskView {
  /// The row's members, computed as a template reads them.
  static let templateKeys = fields.map(\.name)

  var templateValue: TemplateValue {
    let row = self
    return .lazyObject(TemplateObject(keys: Self.templateKeys) { row.templateMember($0) })
  }

  func templateMember(_ key: String) -> TemplateValue? {
    // A scan of twenty short names: cheaper than hashing the key, and this
    // runs for every tag of every row.
    guard let index = Self.templateKeys.firstIndex(of: key) else { return nil }
    return Self.fields[index].value(self, ViewFieldContext()).templateValue
  }
}
