/// A parsed Mustache template, ready to render any number of times.
///
/// Shape: `init(source:name:)` parses once (the name is used in error messages
/// and is how partials refer to each other); `render` walks the parsed tree.
/// Values are HTML-escaped by default; pass another `escape` function for other
/// output formats (e.g. a Markdown escaper). Partials and parents (`{{>name}}`,
/// `{{<name}}`, `{{>*dynamic}}`) are looked up in `partials`; a missing one
/// renders as the empty string, as the spec requires.
///
/// Errors: `TemplateError.syntax` from `init`; from `render`, errors raised by
/// the partial source (including syntax errors in a partial) and
/// `TemplateError.render` for runaway partial recursion or work past the
/// ``RenderBudget``.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// core modules plus `~inheritance` and `~dynamic-names`; lambdas are not supported.
public struct Template: Sendable {
  /// The name given at parse time.
  public let name: String
  let nodes: [TemplateNode]

  /// Parses `source`; throws a `.syntax` error located in `name` on invalid Mustache.
  public init(source: String, name: String) throws(TemplateError) {
    self.name = name
    self.nodes = try TemplateParser(source: SourceText(name: name, text: source)).parse()
  }

  /// This parse under another name (one file reached by several names):
  /// the nodes are shared, not parsed again.
  func named(_ other: String) -> Template { Template(name: other, nodes: nodes) }

  private init(name: String, nodes: [TemplateNode]) {
    self.name = name
    self.nodes = nodes
  }

  /// Renders against `context` and returns the whole output.
  public func render(
    _ context: TemplateValue,
    partials: (any TemplateSource)? = nil,
    escape: @escaping @Sendable (String) -> String = HTMLEscaping.escape,
    budget: RenderBudget? = nil
  ) throws(TemplateError) -> String {
    var output = ""
    try render(context, partials: partials, escape: escape, budget: budget, into: &output)
    return output
  }

  /// Renders against `context`, writing each piece to `output` as soon as it
  /// is produced (for large reports: a long stream section is held a few
  /// chunks per core at a time, rendered on other threads).
  ///
  /// `budget`: the work allowed; by default, one proportional to this
  /// template and to every value of `context` (``RenderBudget``). A caller
  /// that knows its input's size (a report, its tasks and all its
  /// templates) gives it, which also spares a walk of the streams.
  public func render(
    _ context: TemplateValue,
    partials: (any TemplateSource)? = nil,
    escape: @escaping @Sendable (String) -> String = HTMLEscaping.escape,
    budget: RenderBudget? = nil,
    into output: inout some TextOutputStream
  ) throws(TemplateError) {
    try render(context, partials: partials, escape: escape, escapeBytes: nil, budget: budget, into: &output)
  }

  /// The same, with `escapeBytes`, when given, as `escape` over UTF-8
  /// appended to a buffer: values lent as bytes (``TemplateMembers``) are
  /// then escaped into a row's text with no `String` made.
  package func render(
    _ context: TemplateValue,
    partials: (any TemplateSource)?,
    escape: @escaping @Sendable (String) -> String,
    escapeBytes: TemplateByteEscape?,
    budget: RenderBudget?,
    into output: inout some TextOutputStream
  ) throws(TemplateError) {
    var renderer = TemplateRenderer(
      context: context, partials: partials, escape: escape, escapeBytes: escapeBytes,
      budget: budget ?? RenderBudget(for: self, context: context), templateName: name)
    do {
      try renderer.render(self, into: &output)
    } catch {
      // A chunk still rendering may hold an error that comes before this
      // one; so does the budget, when the chunks' work and this renderer's
      // pass it (this renderer counts its own work only while they render).
      try renderer.finish(into: &output)
      try renderer.checkBudget()
      throw error
    }
    try renderer.finish(into: &output)
    // The writes after the last list of nodes entered count too.
    try renderer.checkBudget()
  }
}
