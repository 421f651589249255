/// Walks a template's node tree against a context, writing to an output stream.
///
/// Indentation of standalone partials, parents and block slots is applied
/// lazily: after a template line ending, the current indentation is written
/// just before the next piece of output, so interpolated values that contain
/// line breaks are not re-indented (partials.yml "Standalone Indentation").
///
/// Inheritance: each parent pushes its overrides; a block slot takes the
/// outermost override of its name (top-level substitutions win), else its
/// default body, rendered in the slot's own context stack.
///
/// Errors: `TemplateError.render` for runaway recursion and for work past
/// the ``RenderBudget``; loading errors of the partial source propagate (a
/// missing partial renders as "", per the spec).
///
/// Work is counted in this renderer's own `work`, a plain integer: each
/// chunk's renderer counts its own from zero, within what the budget left
/// when it was handed over, and ``RenderPipeline`` adds the chunks up in
/// order as it writes them, so no count is shared between threads.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec).
struct TemplateRenderer {
  /// Deep enough for any real template tree, shallow enough to fail before the stack does.
  static let maximumDepth = 200

  let partials: (any TemplateSource)?
  let escape: @Sendable (String) -> String
  /// `escape` over bytes, when the caller has one.
  let escapeBytes: TemplateByteEscape?
  private(set) var context: ContextStack
  private(set) var indentation = ""
  /// Whether the next output starts a line (and gets `indentation`).
  /// While `lineStartPending`, it is the state of the last chunk of a
  /// stream still rendering: known once the pipeline has drained.
  var atLineStart = false
  private var lineStartPending = false
  /// Where long streams are rendered while this renderer goes on; made by
  /// the first one. Chunks' own renderers have none and render their
  /// streams themselves (`rendersChunk`).
  private(set) var pipeline: RenderPipeline?
  private var rendersChunk = false
  private var overrides: [[String: [TemplateNode]]] = []
  private(set) var depth = 0
  /// The partials and parents being rendered, outermost first, for the
  /// depth error's hint (``PartialCycle``).
  private var included: [String] = []
  /// Partials already loaded in this render, by name: a row includes the
  /// same few partials every time, and a short scan of short names costs
  /// less than the source's hashed lookup (4% of a long HTML report).
  private var loadedPartials: [(name: String, template: Template?)] = []
  private static let loadedPartialsLimit = 16
  /// Units of work done (``RenderBudget``): by this renderer alone, a
  /// chunk's from zero.
  var work = 0
  /// Past this many units of its own work, this renderer throws.
  private(set) var workLimit: Int
  private let budget: RenderBudget
  /// The template rendering began with, named by the budget's error.
  private let rootName: String

  init(
    context: TemplateValue, partials: (any TemplateSource)?, escape: @escaping @Sendable (String) -> String,
    escapeBytes: TemplateByteEscape? = nil, budget: RenderBudget, templateName: String
  ) {
    self.context = ContextStack(context)
    self.partials = partials
    self.escape = escape
    self.escapeBytes = escapeBytes
    self.budget = budget
    self.workLimit = budget.units
    self.rootName = templateName
  }

  /// The work done with the chunks' handed over so far; once ``finish(into:)``
  /// has run, all of it.
  var totalWork: Int { work &+ (pipeline?.handedOverWork ?? 0) }

  /// The budget's error, when the work done so far is past it.
  func checkBudget() throws(TemplateError) {
    if totalWork > budget.units { throw budget.exceeded(in: rootName) }
  }

  mutating func render(_ template: Template, into output: inout some TextOutputStream) throws(TemplateError) {
    try render(template.nodes, in: template.name, into: &output)
  }

  private mutating func render(
    _ nodes: [TemplateNode], in templateName: String, into output: inout some TextOutputStream
  ) throws(TemplateError) {
    // Every list of nodes entered is a section item, an included template
    // or a block: what a template multiplies.
    work &+= nodes.count &+ 1
    if work > workLimit { throw budget.exceeded(in: rootName) }
    for node in nodes {
      switch node {
      case .text(let text):
        try writeTemplateText(text, into: &output)
      case .variable(let path, let escaped):
        let value = context.resolve(path)
        let raw = value?.renderedText ?? ""
        // A list or stream as text is a walk of all its items.
        switch value {
        case .list?, .stream?: work &+= raw.utf8.count
        default: break
        }
        try writeValue(escaped ? escape(raw) : raw, into: &output)
      case .section(let path, let inverted, let children):
        try enter("sections", in: templateName)
        defer { depth -= 1 }
        try renderSection(path, inverted: inverted, children, in: templateName, into: &output)
      case .partial(let reference):
        try include(reference, overrides: nil, from: templateName, into: &output)
      case .parent(let reference, let blockOverrides):
        try include(reference, overrides: blockOverrides, from: templateName, into: &output)
      case .block(let name, let defaultBody, let blockIndentation, let layout):
        // Outermost definition wins, so a child template overrides its grandparent's choices.
        let body = overrides.lazy.compactMap { $0[name] }.first ?? defaultBody
        // An override whose body holds a block of its own name expands to
        // itself again: counted, so it ends in an error, not a stack overflow.
        try enter("blocks", in: templateName)
        defer { depth -= 1 }
        let saved = indentation
        if layout != .inline { indentation += blockIndentation }
        if layout == .standalone { setLineStart(true) }
        try render(body, in: templateName, into: &output)
        indentation = saved
      }
    }
  }

  /// One level deeper through a section or a block; partials and parents
  /// count in `include`, against the same limit, so that the renderer's
  /// recursion stays bounded whatever mix a template nests.
  private mutating func enter(_ what: String, in templateName: String) throws(TemplateError) {
    // A chunk already failed: nothing more is written, so stop here.
    if let error = pipeline?.firstError { throw error }
    guard depth < Self.maximumDepth else {
      // A recursion through partials can reach the limit on a section
      // of another template: the hint names the partials that repeat.
      let hint = PartialCycle.hint(included).map { " (\($0))" } ?? ""
      throw TemplateError(
        kind: .render, templateName: templateName,
        message: "\(what) nested more than \(Self.maximumDepth) levels deep while rendering\(hint)")
    }
    depth += 1
  }

  private mutating func renderSection(
    _ path: NamePath, inverted: Bool, _ children: [TemplateNode], in templateName: String,
    into output: inout some TextOutputStream
  ) throws(TemplateError) {
    let value = context.resolve(path) ?? .null
    if inverted {
      if !value.isTruthy { try render(children, in: templateName, into: &output) }
      return
    }
    switch value {
    case .list(let items):
      for item in items { try renderPushed(item, children, in: templateName, into: &output) }
    case .stream(let stream):
      try renderChunked(stream, children, in: templateName, into: &output)
    default:
      if value.isTruthy { try renderPushed(value, children, in: templateName, into: &output) }
    }
  }

  /// A stream section. A long one (a full chunk of
  /// ``ChunkedRendering/chunkSize`` items or more) is handed to the
  /// ``RenderPipeline`` chunk by chunk and rendered on other threads while
  /// this renderer goes on; a short one, or one inside a chunk, is rendered
  /// here.
  ///
  /// Every chunk starts from this renderer's state (context stack,
  /// indentation, overrides); items leave all of it as they found it except
  /// `atLineStart`, which a chunk guesses to be the state the section started
  /// with (for the first chunk of a stream right after another, whose end
  /// is not known yet, the state before that one). Where the chunk before
  /// ended otherwise, the guess was wrong and the pipeline renders the
  /// chunk again from the right state, so the output is the sequential one
  /// whatever the template. The first error, in item order, is thrown
  /// (here, at the next section, or by ``finish(into:)``); the text before
  /// it is written, nothing after it.
  private mutating func renderChunked(
    _ stream: TemplateStream, _ children: [TemplateNode], in templateName: String,
    into output: inout some TextOutputStream
  ) throws(TemplateError) {
    var iterator = stream.makeIterator()
    let rows = rendersChunk ? nil : stream.rows
    var first: [TemplateValue] = []
    if let rows {
      // The same chunks as the iterator's, by position.
      guard rows.count > 0 else { return }
      if rows.count < ChunkedRendering.chunkSize { first = (0..<rows.count).map(rows.item) }
    } else {
      guard !rendersChunk, let items = ChunkedRendering.nextChunk(&iterator) else {
        while let item = iterator.next() { try renderPushed(item, children, in: templateName, into: &output) }
        return
      }
      first = items
    }
    guard rows.map({ $0.count >= ChunkedRendering.chunkSize }) ?? (first.count == ChunkedRendering.chunkSize) else {
      return try renderRows(first, children, in: templateName, into: &output)
    }
    // Right after another stream, with nothing written between, the line
    // start is that stream's last chunk's, not known until it is rendered:
    // the first chunk guesses it (the state it has now) and is checked in
    // order like a stream's later chunks, where waiting here for the stream
    // before left a core idle once a stream (each day of a report's details).
    // When that stream is handed over already, its end is known: no guess.
    let followsStream = lineStartPending && pipeline?.isPending == true
    if !followsStream { resolveLineStart(into: &output) }
    var start = self
    start.pipeline = nil
    start.rendersChunk = true
    start.work = 0
    let pipeline = self.pipeline ?? RenderPipeline(workBudget: budget.units)
    self.pipeline = pipeline
    let mainWork = work
    func chunk(_ items: RenderPipeline.Items, _ continuesStream: Bool) -> RenderPipeline.Chunk {
      // At most what the budget leaves after the work before the chunk
      // known now; the pipeline checks the exact amount in order.
      var renderer = start
      renderer.workLimit = budget.units &- mainWork &- pipeline.handedOverWork
      return RenderPipeline.Chunk(
        renderer: RenderPipeline.HandedRenderer(renderer), items: items, children: children,
        templateName: templateName, continuesStream: continuesStream, capacity: pipeline.chunkCapacity,
        workBefore: mainWork)
    }
    if let rows {
      pipeline.submit(positions: rows.count, into: &output) { chunk(.rows(rows, $0), $1 || followsStream) }
    } else {
      pipeline.submit(first, then: &iterator, into: &output) { chunk(.values($0), $1 || followsStream) }
    }
    if let error = pipeline.firstError { throw error }
    lineStartPending = true
  }

  /// Waits for the chunks still rendering and writes what they and the
  /// text behind them hold. Call once the template is rendered, or when
  /// rendering threw (a chunk's error comes first in item order then).
  /// - Throws: the first error a chunk met.
  mutating func finish(into output: inout some TextOutputStream) throws(TemplateError) {
    guard let pipeline else { return }
    atLineStart = try pipeline.finish(into: &output)
    lineStartPending = false
  }

  /// This renderer with the partials it has loaded in new storage, for a
  /// chunk's thread (see UnsharedNodes); `workLimit` replaces its limit.
  func unshared(workLimit: Int?) -> TemplateRenderer {
    var copy = self
    copy.loadedPartials = loadedPartials.map { ($0.name.unshared, $0.template?.unshared) }
    if let workLimit { copy.workLimit = workLimit }
    return copy
  }

  /// Renders `items` one after another into `text`; on an error, `text`
  /// holds what was rendered before it.
  mutating func renderItems(
    _ items: RenderPipeline.Items, _ children: [TemplateNode], _ templateName: String, into text: inout TextBuffer
  ) throws(TemplateError) {
    switch items {
    case .values(let values): try renderRows(values, children, in: templateName, into: &text)
    case .rows(let rows, let positions): try renderRows(rows, positions, children, in: templateName, into: &text)
    }
  }

  mutating func renderPushed(
    _ value: TemplateValue, _ children: [TemplateNode], in templateName: String,
    into output: inout some TextOutputStream
  ) throws(TemplateError) {
    context.push(value)
    defer { context.pop() }
    try render(children, in: templateName, into: &output)
  }

  /// Renders a partial (`overrides == nil`) or a parent with its block overrides.
  private mutating func include(
    _ reference: PartialReference, overrides blockOverrides: [String: [TemplateNode]]?,
    from templateName: String, into output: inout some TextOutputStream
  ) throws(TemplateError) {
    let name: String
    switch reference.name {
    case .fixed(let fixed):
      name = fixed
    case .dynamic(let path):
      // A failed dynamic lookup renders nothing (~dynamic-names.yml).
      guard let value = context.resolve(path) else { return }
      switch value {
      case .string(let string): name = string
      case .integer, .number: name = value.renderedText
      default: return
      }
    }
    guard partials != nil else { return }
    let template: Template?
    do {
      template = try loadPartial(named: name)
    } catch  where error.line == 0 {
      // Point at the including tag when the source cannot say where it was asked for.
      throw TemplateError(
        kind: error.kind, templateName: templateName, line: reference.line, column: reference.column,
        message: "cannot load '\(name)': \(error.message)")
    }
    guard let template else { return }
    guard depth < Self.maximumDepth else {
      let hint = PartialCycle.hint(included + [name]).map { " (\($0))" } ?? ""
      throw TemplateError(
        kind: .render, templateName: templateName, line: reference.line, column: reference.column,
        message: "partials nested more than \(Self.maximumDepth) levels deep\(hint)")
    }
    let savedIndentation = indentation
    depth += 1
    included.append(name)
    if let blockOverrides { overrides.append(blockOverrides) }
    defer {
      if blockOverrides != nil { overrides.removeLast() }
      included.removeLast()
      depth -= 1
      indentation = savedIndentation
    }
    if reference.standalone {
      indentation += reference.indentation
      setLineStart(true)
    }
    try render(template, into: &output)
  }

  /// The partial named `name`, from those loaded in this render or from
  /// the source; nil when there is no source or no such partial.
  mutating func loadPartial(named name: String) throws(TemplateError) -> Template? {
    guard let partials else { return nil }
    // Lengths first: `==` on two different names takes Swift's slow
    // comparison (canonical equivalence), 3% of a long HTML report.
    let length = name.utf8.count
    if let loaded = loadedPartials.first(where: { $0.name.utf8.count == length && $0.name == name }) {
      return loaded.template
    }
    // A chunk's renderer keeps its own copy (see UnsharedNodes).
    let template = rendersChunk ? try partials.template(named: name)?.unshared : try partials.template(named: name)
    if loadedPartials.count < Self.loadedPartialsLimit { loadedPartials.append((name, template)) }
    return template
  }

  // MARK: - Output

  /// Writes `text` to `output`, or behind the chunks still rendering (or
  /// nowhere, once one of them has failed: the error is thrown later).
  func emit(_ text: String, into output: inout some TextOutputStream) {
    if let pipeline, pipeline.isPending || pipeline.firstError != nil {
      pipeline.write(text, into: &output)
    } else {
      output.write(text)
    }
  }

  /// Sets whether the next output starts a line.
  mutating func setLineStart(_ value: Bool) {
    atLineStart = value
    lineStartPending = false
  }

  /// Makes `atLineStart` known: after a stream, it is its last chunk's.
  private mutating func resolveLineStart(into output: inout some TextOutputStream) {
    guard lineStartPending, let pipeline else { return }
    setLineStart(pipeline.drain(into: &output))
  }

  /// Counts `bytes` about to be written (``RenderBudget``), before they
  /// are: past the limit nothing more is written, so the output is never
  /// longer than the budget.
  private mutating func charge(_ bytes: Int) throws(TemplateError) {
    work &+= bytes
    if work > workLimit { throw budget.exceeded(in: rootName) }
  }

  private mutating func writeIndentationIfNeeded(into output: inout some TextOutputStream) throws(TemplateError) {
    // Without indentation the answer does not matter: the line has begun either way.
    if !indentation.isEmpty {
      resolveLineStart(into: &output)
      if atLineStart {
        try charge(indentation.utf8.count)
        emit(indentation, into: &output)
      }
    }
    setLineStart(false)
  }

  /// Writes template text, indenting each line that starts here.
  private mutating func writeTemplateText(_ text: String, into output: inout some TextOutputStream)
    throws(TemplateError)
  {
    try charge(text.utf8.count)
    guard !indentation.isEmpty else {
      emit(text, into: &output)
      // The contiguous bytes' last: `utf8.last` walks back by index (a profile's 1.7%).
      if let last = text.utf8.withContiguousStorageIfAvailable({ $0.last }) ?? text.utf8.last {
        setLineStart(last == 0x0A)
      }
      return
    }
    let utf8 = text.utf8
    var start = utf8.startIndex
    while start < utf8.endIndex {
      try writeIndentationIfNeeded(into: &output)
      if let newline = utf8[start...].firstIndex(of: 0x0A) {
        let end = utf8.index(after: newline)
        emit(String(text[start..<end]), into: &output)
        setLineStart(true)
        start = end
      } else {
        emit(String(text[start...]), into: &output)
        start = utf8.endIndex
      }
    }
  }

  /// Writes an interpolated value: indented if it starts a line, but its own
  /// line breaks are data, not template lines, so they are not indented.
  private mutating func writeValue(_ value: String, into output: inout some TextOutputStream) throws(TemplateError) {
    try charge(value.utf8.count)
    try writeIndentationIfNeeded(into: &output)
    emit(value, into: &output)
  }
}
