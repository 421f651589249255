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
    var values = ViewFieldReader.templateValues(Self.fields, of: self, context)
    values.append(.list(sections.map { $0.templateValue(context) }))
    return .lazyObject(TemplateObject(keys: Self.templateKeys, values: values))
  }

  /// The context's member names: the fields, then the sections.
  static let templateKeys = TemplateKeys(fields.map(\.name) + [children.name])
}

extension SectionView {
  func templateValue(_ context: ViewFieldContext) -> TemplateValue {
    let section = self  // Sendable: the rows are made from it on demand
    var values = ViewFieldReader.templateValues(Self.fields, of: self, context)
    values.append(
      .stream(
        TemplateStream {
          var rows = TaskRows([section])
          return AnyIterator { rows.next()?.templateValue }
        }))
    return .lazyObject(TemplateObject(keys: Self.templateKeys, values: values))
  }

  /// A section's member names: the fields, then the tasks.
  static let templateKeys = TemplateKeys(fields.map(\.name) + [children.name])
}

extension TaskView {
  /// The row's member names, found without hashing (``TemplateKeys``):
  /// this runs for every tag of every row.
  static let templateKeys = TemplateKeys(fields.map(\.name))

  /// The row's members, computed as a template reads them.
  var templateValue: TemplateValue {
    let row = self
    return .lazyObject(
      TemplateObject(keys: Self.templateKeys) { Self.fields[$0].value(row, ViewFieldContext()).templateValue })
  }
}
