import PosttimTemplating

/// A writer that renders a Mustache template from `Templates/<folder>/`:
/// the default Markdown and HTML reports, or a user's own templates.
///
/// The layout is `<folder>/agenda.mustache`; partials (`{{>day}}`) and
/// parents (`{{<layout}}`) are looked up in the same folder, the user's
/// `--template-dir` first, then the embedded defaults.
public struct TemplateReportWriter: ReportWriter {
  public let format: String
  let template: Template
  let partials: InMemoryTemplateSource
  let escape: @Sendable (String) -> String
  /// The context's `showDetails`.
  let showDetails: Bool
  /// The nodes of the layout and of every template it names, for the
  /// render budget (``RenderBudget``: a share per node and task).
  let templateNodes: Int

  /// - Throws: `TemplateError` when the layout is missing or does not parse.
  public init(
    format: String, folder: String,
    options: WriterOptions, escape: @escaping @Sendable (String) -> String, detailsByDefault: Bool = true
  ) throws {
    var sources: [String: String] = [:]
    let prefix = folder + "/"
    for path in options.resources.paths(under: prefix) where path.hasSuffix(".mustache") {
      let name = String(path.dropFirst(prefix.count).dropLast(".mustache".count))
      sources[name] = options.resources.text(at: path)
    }
    let partials = InMemoryTemplateSource(sources)
    if let layout = options.layout {
      self.template = try Template(source: layout.text, name: layout.name)
    } else {
      self.template = try partials.requiredTemplate(named: "agenda")
    }
    self.templateNodes = try Self.checkIncludes(of: template, in: partials)
    self.partials = partials
    self.format = format
    self.escape = escape
    self.showDetails = options.showsDetails(byDefault: detailsByDefault)
  }

  /// Every partial and parent named in the layout, and in what they
  /// include, must exist: the spec would render a typo as nothing, and a
  /// cron job would mail an empty agenda.
  /// - Returns: the nodes of all of them (``Template/nodeCount``).
  /// - Throws: `TemplateError` (`.notFound`) at the tag naming the missing one.
  @discardableResult
  static func checkIncludes(of template: Template, in source: InMemoryTemplateSource) throws -> Int {
    var pending = [template]
    var checked: Set<String> = [template.name]
    var nodes = 0
    while let current = pending.popLast() {
      nodes += current.nodeCount
      for (name, line, column) in current.includedNames where !checked.contains(name) {
        guard let included = try source.template(named: name) else {
          throw TemplateError(
            kind: .notFound, templateName: current.name, line: line, column: column,
            message: "no template named '\(name)'")
        }
        checked.insert(name)
        pending.append(included)
      }
    }
    return nodes
  }

  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws {
    try template.render(
      report.templateContext(showDetails: showDetails), partials: partials, escape: escape,
      budget: RenderBudget(templateNodes: templateNodes, items: report.taskCount), into: &output)
  }

  /// GitHub-flavoured Markdown from `Templates/markdown/`.
  public static func markdown(options: WriterOptions) throws -> TemplateReportWriter {
    try TemplateReportWriter(
      format: "markdown", folder: "markdown", options: options,
      escape: MarkdownEscaping.escape)
  }

  /// An HTML5 document from `Templates/html/`.
  public static func html(options: WriterOptions) throws -> TemplateReportWriter {
    try TemplateReportWriter(
      format: "html", folder: "html", options: options, escape: HTMLEscaping.escape)
  }
}
