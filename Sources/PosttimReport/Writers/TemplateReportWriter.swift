import PosttimTemplating

/// A writer that renders a Mustache template from `Templates/<folder>/`:
/// the default Markdown and HTML reports, or a user's own templates.
///
/// The layout is `<folder>/agenda.mustache`; partials (`{{>day}}`) and
/// parents (`{{<layout}}`) are looked up in the same folder, the user's
/// `--template-dir` first, then the embedded defaults. Several locales go
/// through the folder's `locales.mustache` (``write(several:to:)``).
public struct TemplateReportWriter: ReportWriter {
  /// A template writer's own options.
  public struct Options: Sendable {
    /// A user's layout (`--template FILE`): its text and file name. It
    /// replaces `agenda.mustache` of the format's folder; it may be a full
    /// template or inherit from the default (`{{<agenda}}…{{/agenda}}`).
    public var layout: (name: String, text: String)?

    /// The folder's own `agenda.mustache`, or `layout`.
    public init(layout: (name: String, text: String)? = nil) { self.layout = layout }
  }

  public let format: String
  let template: Template
  let partials: InMemoryTemplateSource
  /// Names of `partials` that are another's file, by name (``load(folder:from:)``).
  let aliases: [String: String]
  let escape: @Sendable (String) -> String
  /// `escape` over UTF-8 into a buffer, when the format has one.
  var escapeBytes: TemplateByteEscape?
  /// The context's `showDetails`.
  let showDetails: Bool
  /// Whether the format's own templates show task IDs: HTML's link each
  /// row to its details; Markdown's show none. A user's template that
  /// shows them where these do not gets them hashed as first asked for.
  public internal(set) var showsTaskIDs = true
  /// The nodes of the layout and of every template it names, and the bytes
  /// of their text, for the render budget (``RenderBudget``: a share per
  /// node and task, per byte of the templates' text, and per byte of the tasks' text).
  let templateSize: TemplateSize
  /// What a rendered page adds to its locale's entry in the several-locale
  /// layout's context, besides the page itself (HTML: ``HTMLPageParts``).
  let pageParts: @Sendable (_ page: String, _ report: ReportView) -> [String: TemplateValue]

  /// - Parameter pageParts: members a page adds to the several-locale
  ///   layout's context (``write(several:to:)``); none by default.
  /// - Throws: `TemplateError` when the layout is missing or does not parse.
  public init(
    format: String, folder: String,
    options: WriterOptions, escape: @escaping @Sendable (String) -> String, detailsByDefault: Bool = true,
    pageParts: @escaping @Sendable (_ page: String, _ report: ReportView) -> [String: TemplateValue] = { _, _ in [:] }
  ) throws {
    let (sources, aliases) = try Self.load(folder: folder, from: options.resources)
    let partials = InMemoryTemplateSource(sources, aliases: aliases)
    if let layout = options[Options.self]?.layout {
      self.template = try Template(source: layout.text, name: layout.name)
    } else {
      self.template = try partials.requiredTemplate(named: "agenda")
    }
    self.templateSize = try Self.checkIncludes(of: template, in: partials, aliases: aliases)
    self.partials = partials
    self.aliases = aliases
    self.format = format
    self.escape = escape
    self.showDetails = options.showsDetails(byDefault: detailsByDefault)
    self.pageParts = pageParts
  }

  /// The text of every template of `folder` by name, and the names that
  /// are another's file (a hard or symbolic link), by name: a file is one
  /// text and one parse, however many names it has.
  /// - Throws: `TemplateError` (78) when loading them passes ``TemplateTextCap``.
  static func load(folder: String, from resources: any ResourceFiles) throws(TemplateError) -> (
    sources: [String: String], aliases: [String: String]
  ) {
    var sources: [String: String] = [:]
    var aliases: [String: String] = [:]
    var names: [FileIdentity: String] = [:]
    let prefix = folder + "/"
    for path in resources.paths(under: prefix) where path.hasSuffix(".mustache") {
      let name = String(path.dropFirst(prefix.count).dropLast(".mustache".count))
      guard let file = resources.file(at: path) else { continue }
      if let identity = file.identity {
        if let first = names[identity] {
          aliases[name] = first
          continue
        }
        names[identity] = name
      }
      sources[name] = file.text
    }
    try resources.checkLoaded()
    return (sources, aliases)
  }

  /// Every partial and parent named in the layout, and in what they
  /// include, must exist: the spec would render a typo as nothing, and a
  /// cron job would mail an empty agenda.
  /// - Parameter aliases: names that are another's file, counted once.
  /// - Returns: the nodes and text bytes of all of them (``Template/nodeCount``),
  ///   each file's once: the budget does not grow with a file seen again.
  /// - Throws: `TemplateError` (`.notFound`) at the tag naming the missing one.
  @discardableResult
  static func checkIncludes(
    of template: Template, in source: InMemoryTemplateSource, aliases: [String: String] = [:]
  ) throws -> TemplateSize {
    var pending = [template]
    var checked: Set<String> = [template.name]
    var counted: Set<String> = []
    var size = TemplateSize(nodes: 0, textBytes: 0)
    while let current = pending.popLast() {
      if counted.insert(aliases[current.name] ?? current.name).inserted {
        size.nodes += current.nodeCount
        size.textBytes += current.textBytes
      }
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
    return size
  }

  /// The nodes and text bytes of a layout and the templates it names.
  struct TemplateSize {
    var nodes: Int
    var textBytes: Int

    /// The budget for rendering them over `items` tasks with `textBytes` of text.
    func budget(items: Int, textBytes itemBytes: Int) -> RenderBudget {
      RenderBudget(templateNodes: nodes, templateBytes: textBytes, items: items, textBytes: itemBytes)
    }
  }

  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws {
    try template.render(
      report.templateContext(showDetails: showDetails), partials: partials, escape: escape, escapeBytes: escapeBytes,
      budget: templateSize.budget(items: report.taskCount, textBytes: report.textBytes),
      into: &output)
  }

  /// GitHub-flavoured Markdown from `Templates/markdown/`.
  public static func markdown(options: WriterOptions) throws -> TemplateReportWriter {
    var writer = try TemplateReportWriter(
      format: "markdown", folder: "markdown", options: options,
      escape: MarkdownEscaping.escape)
    writer.escapeBytes = MarkdownEscaping.byteEscape
    writer.showsTaskIDs = false
    return writer
  }

  /// An HTML5 document from `Templates/html/`; several locales make one
  /// document (`html/locales.mustache`, ``HTMLPageParts``).
  public static func html(options: WriterOptions, detailsByDefault: Bool = true) throws -> TemplateReportWriter {
    var writer = try TemplateReportWriter(
      format: "html", folder: "html", options: options, escape: HTMLEscaping.escape,
      detailsByDefault: detailsByDefault, pageParts: HTMLPageParts.members)
    writer.escapeBytes = HTMLEscaping.byteEscape
    writer.showsTaskIDs = writer.showDetails
    return writer
  }
}
