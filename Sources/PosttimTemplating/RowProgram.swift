/// The body of a stream section, compiled for its rows: the nodes one row
/// renders, partials inlined, as a flat list of steps over one buffer of
/// template text, and each name's place in a row's object found once per
/// kind of object instead of once per tag per row. Walking the node tree
/// (a name looked up frame by frame, a partial by name, every node's text
/// and names retained and released) was most of a long report's rendering.
///
/// Only a body whose rendering the steps reproduce byte for byte is
/// compiled: text, variables, sections, and partials with a fixed name
/// that add no indentation, where the indentation is empty (so a row's
/// line starts change no output; the steps still track them, as the
/// renderer does). A parent, a block, a dynamic partial, or a partial that
/// cannot be loaded or nests too deep leaves the body to the tree walk,
/// which also reports any error. A row that meets a section over a
/// non-empty list or a stream is rendered by the tree walk too, its steps'
/// output dropped, so an iteration inside a row is never the steps' work.
///
/// The steps count the units of work (``RenderBudget``) the tree walk
/// would: a list of nodes entered (the row's body, a section's, a
/// partial's) adds its length and one, text and values a unit per byte. A
/// row that would pass the renderer's limit is left to the tree walk,
/// which throws the budget's error where it always does.
struct RowProgram {
  enum Step {
    /// Template text: `range` of ``text``; whether it ends a line; its work.
    case text(Range<Int>, endsLine: Bool, work: Int)
    /// An interpolation of ``names``[`name`].
    case value(name: Int, escaped: Bool)
    /// A section over ``names``[`name`]; its body is the steps before
    /// `end`, and entering it is `work` units. `readsTop`: the body has a
    /// `{{.}}` (the only name that reads a text or number pushed by the
    /// section), so its value is made even where its truth alone is known.
    case section(name: Int, inverted: Bool, end: Int, work: Int, readsTop: Bool)
    /// A partial's nodes are entered: `work` units.
    case enter(work: Int)
    /// A standalone partial begins: the next output starts a line.
    case lineStart
  }

  private(set) var steps: [Step] = []
  /// The template text of every ``Step/text`` step, in order.
  private(set) var text: [UInt8] = []
  private(set) var names: [NamePath] = []
  private(set) var hasSections = false
  /// The work of entering a row's body.
  fileprivate(set) var rowWork = 0

  /// Bodies larger than this (a partial that includes itself until the
  /// depth limit, say) are left to the tree walk.
  static let maximumSteps = 4_096
  /// Nodes a compilation visits at most, partials included each time they
  /// are: partials that include the next one twice, down to an empty one,
  /// add no step but would be visited 2^depth times.
  static let maximumVisits = 8_192

  fileprivate mutating func add(_ step: Step) { steps.append(step) }

  fileprivate mutating func addText(_ string: String) {
    var string = string
    string.withUTF8 { bytes in
      guard let last = bytes.last else { return }  // renders nothing, changes nothing
      let start = text.count
      text.append(contentsOf: bytes)
      steps.append(.text(start..<text.count, endsLine: last == 0x0A, work: bytes.count))
    }
  }

  fileprivate mutating func name(_ path: NamePath) -> Int {
    names.append(path)
    return names.count - 1
  }

  fileprivate mutating func beginSection() -> Int {
    hasSections = true
    steps.append(.lineStart)  // replaced by ``endSection(at:name:inverted:)``
    return steps.count - 1
  }

  fileprivate mutating func endSection(at index: Int, name: NamePath, inverted: Bool, bodyNodes: Int) {
    let readsTop = steps[(index + 1)...].contains { step in
      switch step {
      case .value(let name, _), .section(let name, _, _, _, _): return names[name].isEmpty
      case .text, .enter, .lineStart: return false
      }
    }
    steps[index] = .section(
      name: self.name(name), inverted: inverted, end: steps.count, work: bodyNodes &+ 1, readsTop: readsTop)
  }
}

extension RowProgram {
  /// Makes each run of text, partial entries and line starts between
  /// values and sections one text step: a row writes it with one copy and
  /// one check of the budget instead of one each (a partial's text was
  /// three steps: the text before it, its entry and its own text).
  ///
  /// The row's output is the same: the texts are contiguous in ``text``,
  /// the run's work is the sum of its steps' (work only grows, so the
  /// budget holds after every step of the run exactly when it holds after
  /// the last; a row past it goes to the tree walk, which throws where it
  /// always does), and the line-start state after the run is the one its
  /// last text or line start leaves. A run never spans the end of a
  /// section's body.
  fileprivate mutating func mergeRuns() {
    var ends = Set<Int>()
    for step in steps {
      if case .section(_, _, let end, _, _) = step { ends.insert(end) }
    }
    var merged: [Step] = []
    merged.reserveCapacity(steps.count)
    // Where each old step that starts a new one went, for the sections' ends.
    var moved = [Int](repeating: 0, count: steps.count + 1)
    var index = 0
    while index < steps.count {
      moved[index] = merged.count
      switch steps[index] {
      case .value, .section:
        merged.append(steps[index])
        index += 1
        continue
      case .text, .enter, .lineStart:
        break
      }
      var bytes: Range<Int>?
      var work = 0
      var entered = false
      var lineStart: Bool?
      var next = index
      runLoop: while next < steps.count, next == index || !ends.contains(next) {
        switch steps[next] {
        case .text(let range, let endsLine, let units):
          if let run = bytes {
            guard run.upperBound == range.lowerBound else { break runLoop }
            bytes = run.lowerBound..<range.upperBound
          } else {
            bytes = range
          }
          work &+= units
          lineStart = endsLine
        case .enter(let units):
          work &+= units
          entered = true
        case .lineStart:
          lineStart = true
        case .value, .section:
          break runLoop
        }
        next += 1
      }
      if let bytes {
        merged.append(.text(bytes, endsLine: lineStart!, work: work))
      } else {
        if entered { merged.append(.enter(work: work)) }
        if lineStart != nil { merged.append(.lineStart) }
      }
      index = next
    }
    moved[steps.count] = merged.count
    for position in merged.indices {
      if case .section(let name, let inverted, let end, let work, let readsTop) = merged[position] {
        merged[position] = .section(name: name, inverted: inverted, end: moved[end], work: work, readsTop: readsTop)
      }
    }
    steps = merged
  }
}

/// Where a row's names are found, for one run of a ``RowProgram`` over
/// rows pushed on the same frames (``outer``): per name, its position in
/// the last key table it was looked up in, and where the outer frames have it.
struct RowLookups {
  /// A name's place in the outer frames, which do not change during the
  /// run: a frame's key table or dictionary answers the same for every row.
  enum Outer {
    case absent
    /// In a positional object of the outer frames (which hold it), at `position`.
    case member(Unmanaged<TemplateObject>, position: Int)
    /// In frame `frame`, a dictionary.
    case entry(frame: Int)
  }

  struct Slot {
    var table: ObjectIdentifier?
    var position: Int?
    var outer: Outer
  }

  let outer: [TemplateValue]
  var slots: [Slot]
  /// The row's own frames: its item, then the values of the sections it is in.
  private(set) var frames: [TemplateValue] = []
  /// What each of ``frames`` is, read without copying the frame (a copy
  /// of a row's object is a retain and a release per name looked up).
  private var kinds: [FrameKind] = []

  enum FrameKind {
    /// A positional object, held by its frame.
    case object(Unmanaged<TemplateObject>)
    case dictionary
    /// A value no name is looked up in.
    case other

    init(_ value: TemplateValue) {
      switch value {
      case .lazyObject(let object): self = .object(Unmanaged.passUnretained(object))
      case .object: self = .dictionary
      default: self = .other
      }
    }
  }
  /// The renderer's work so far (``RenderBudget``), and its limit.
  var work: Int
  let workLimit: Int

  init(_ program: RowProgram, outer: [TemplateValue], work: Int, workLimit: Int) {
    self.outer = outer
    self.work = work
    self.workLimit = workLimit
    slots = program.names.map { path in
      Slot(table: nil, position: nil, outer: path.first.map { Self.place(of: $0, in: outer) } ?? .absent)
    }
  }

  private static func place(of key: String, in frames: [TemplateValue]) -> Outer {
    for frame in frames.indices.reversed() {
      switch frames[frame] {
      case .lazyObject(let object):
        if let position = object.keyTable.table.index(of: key) {
          return .member(Unmanaged.passUnretained(object), position: position)
        }
      case .object(let members):
        if members[key] != nil { return .entry(frame: frame) }
      default:
        continue
      }
    }
    return .absent
  }
}

extension TemplateRenderer {
  /// The outcome of a row's steps.
  enum RowOutcome {
    /// Rendered; the line-start state the row leaves (nil: as it was).
    case rendered(lineStart: Bool?)
    /// The row needs the tree walk (a section over a list or a stream).
    case needsTreeWalk
  }

  /// `children` compiled for rows rendered here; nil when the steps would
  /// not reproduce them (see ``RowProgram``).
  mutating func rowProgram(_ children: [TemplateNode]) -> RowProgram? {
    guard indentation.isEmpty else { return nil }
    var program = RowProgram()
    program.rowWork = children.count &+ 1
    var visits = RowProgram.maximumVisits
    guard compile(children, depth: depth, visits: &visits, into: &program) else { return nil }
    program.mergeRuns()
    return program
  }

  /// Adds `nodes`, rendered at `depth`, to `program`; false when the steps
  /// cannot reproduce them. The limits are the tree walk's: a section or a
  /// partial at `depth` needs `depth < maximumDepth`.
  private mutating func compile(
    _ nodes: [TemplateNode], depth: Int, visits: inout Int, into program: inout RowProgram
  ) -> Bool {
    for node in nodes {
      visits -= 1
      guard visits >= 0, program.steps.count < RowProgram.maximumSteps else { return false }
      switch node {
      case .text(let text):
        program.addText(text)
      case .variable(let path, let escaped):
        program.add(.value(name: program.name(path), escaped: escaped))
      case .section(let path, let inverted, let children):
        guard depth < Self.maximumDepth else { return false }
        let index = program.beginSection()
        guard compile(children, depth: depth + 1, visits: &visits, into: &program) else { return false }
        program.endSection(at: index, name: path, inverted: inverted, bodyNodes: children.count)
      case .partial(let reference):
        guard case .fixed(let name) = reference.name, !reference.standalone || reference.indentation.isEmpty
        else { return false }
        let loaded: Template?
        do { loaded = try loadPartial(named: name) } catch { return false }
        // No source or no such partial: the tree walk renders nothing.
        guard let template = loaded else { continue }
        guard depth < Self.maximumDepth else { return false }
        if reference.standalone { program.add(.lineStart) }
        program.add(.enter(work: template.nodes.count &+ 1))
        guard compile(template.nodes, depth: depth + 1, visits: &visits, into: &program) else { return false }
      case .parent, .block:
        return false
      }
    }
    return true
  }

  /// Renders `items` as a section's rows into `text` (a chunk's buffer:
  /// no pipeline here), with their compiled body where it has one.
  mutating func renderRows(
    _ items: [TemplateValue], _ children: [TemplateNode], in templateName: String, into text: inout TextBuffer
  ) throws(TemplateError) {
    guard let program = rowProgram(children) else {
      for item in items { try renderPushed(item, children, in: templateName, into: &text) }
      return
    }
    for item in items.prefix(Self.prefetchDistance) { Self.prefetchTexts(of: item) }
    var lookups = RowLookups(program, outer: context.frames, work: work, workLimit: workLimit)
    let escapeBytes = escapeBytes
    for (index, item) in items.enumerated() {
      if index + Self.prefetchDistance < items.count { Self.prefetchTexts(of: items[index + Self.prefetchDistance]) }
      if renderRow(item, program, &lookups, escapeBytes, appendingTo: &text) { continue }
      try renderPushed(item, children, in: templateName, into: &text)
      lookups.work = work
    }
  }

  /// The same for `positions` of `rows`, each item made when its turn
  /// comes and let go once rendered (the next row's start drops it): a
  /// chunk's rows are made and freed by the thread that renders them.
  /// Where the stream has a cursor (``TemplateStream/Rows/cursor``), one
  /// item is moved from row to row instead.
  mutating func renderRows(
    _ rows: TemplateStream.Rows, _ positions: Range<Int>, _ children: [TemplateNode], in templateName: String,
    into text: inout TextBuffer
  ) throws(TemplateError) {
    guard let program = rowProgram(children) else {
      for position in positions { try renderPushed(rows.item(position), children, in: templateName, into: &text) }
      return
    }
    for position in positions.prefix(Self.prefetchDistance) { rows.prefetchTexts(position) }
    // The texts of the row `prefetchDistance` on from `position`.
    func prefetchAhead(of position: Int) {
      if position + Self.prefetchDistance < positions.upperBound {
        rows.prefetchTexts(position + Self.prefetchDistance)
      }
    }
    var lookups = RowLookups(program, outer: context.frames, work: work, workLimit: workLimit)
    let escapeBytes = escapeBytes
    if let makeCursor = rows.cursor {
      // One item moved from row to row: each row is rendered, tree walk
      // included, before the next moves it (a chunk renders its nested
      // streams in place, on this thread), and no rendering keeps an item.
      let cursor = makeCursor()
      for position in positions {
        prefetchAhead(of: position)
        cursor.moveTo(position)
        if renderRow(cursor.item, program, &lookups, escapeBytes, appendingTo: &text) { continue }
        try renderPushed(cursor.item, children, in: templateName, into: &text)
        lookups.work = work
      }
      return
    }
    for position in positions {
      prefetchAhead(of: position)
      let item = rows.item(position)
      if renderRow(item, program, &lookups, escapeBytes, appendingTo: &text) { continue }
      try renderPushed(item, children, in: templateName, into: &text)
      lookups.work = work
    }
  }

  /// Rows between the one rendered and the one whose texts are hinted
  /// (``TemplateMembers/prefetchTexts()``): enough for a cache miss to be
  /// served while they render. Hinting a whole chunk first read every
  /// text once more and waited for each miss (EscapeScan and the touch
  /// were 24% of a 100,000-task HTML report's rendering).
  static let prefetchDistance = 8

  private static func prefetchTexts(of item: TemplateValue) {
    if case .lazyObject(let object) = item { object.prefetchTexts() }
  }

  /// The same into `output`, through ``emit(_:into:)`` (behind the chunks
  /// of an earlier stream still rendering): the rows' text is gathered and
  /// emitted at once, before any row the tree walk renders.
  mutating func renderRows(
    _ items: [TemplateValue], _ children: [TemplateNode], in templateName: String,
    into output: inout some TextOutputStream
  ) throws(TemplateError) {
    guard let program = rowProgram(children) else {
      for item in items { try renderPushed(item, children, in: templateName, into: &output) }
      return
    }
    var lookups = RowLookups(program, outer: context.frames, work: work, workLimit: workLimit)
    let escapeBytes = escapeBytes
    var rows = TextBuffer()
    func flush(into output: inout some TextOutputStream) {
      guard rows.byteCount > 0 else { return }
      emit(rows.text, into: &output)
      rows.truncate(to: 0)
    }
    for item in items {
      // Where the tree walk would stop at its first section: a chunk failed.
      if program.hasSections, let error = pipeline?.firstError {
        flush(into: &output)
        throw error
      }
      if renderRow(item, program, &lookups, escapeBytes, appendingTo: &rows) { continue }
      flush(into: &output)
      try renderPushed(item, children, in: templateName, into: &output)
      lookups.work = work
    }
    flush(into: &output)
  }

  /// Renders `item` with `program` at the end of `buffer` and takes on
  /// its line start and work; false, with `buffer` as it was, when the
  /// row needs the tree walk.
  private mutating func renderRow(
    _ item: TemplateValue, _ program: RowProgram, _ lookups: inout RowLookups, _ escapeBytes: TemplateByteEscape?,
    appendingTo buffer: inout TextBuffer
  ) -> Bool {
    let mark = buffer.byteCount
    guard case .rendered(let lineStart) = renderRow(item, program, &lookups, escapeBytes, into: &buffer) else {
      buffer.truncate(to: mark)
      return false
    }
    if let lineStart { setLineStart(lineStart) }
    work = lookups.work
    return true
  }

  /// One row: `item` pushed on the context, `program`'s steps.
  private func renderRow(
    _ item: TemplateValue, _ program: RowProgram, _ lookups: inout RowLookups, _ escapeBytes: TemplateByteEscape?,
    into text: inout TextBuffer
  ) -> RowOutcome {
    var lineStart: Bool?
    lookups.startRow(item)
    let workBefore = lookups.work
    let finished =
      lookups.enter(program.rowWork)
      && program.text.withUnsafeBufferPointer { templateText in
        program.steps.withUnsafeBufferPointer { steps in
          run(steps, 0..<steps.count, program.names, templateText, escapeBytes, &lookups, &lineStart, into: &text)
        }
      }
    guard finished else {
      lookups.work = workBefore
      return .needsTreeWalk
    }
    return .rendered(lineStart: lineStart)
  }

  /// Runs `steps` with the row's frames (``RowLookups/frames``) above the
  /// outer ones; false when the row needs the tree walk. `escapeBytes` is
  /// the renderer's, taken once for all the rows: read from `self` at
  /// each value, the closure was retained and released each time.
  private func run(
    _ steps: UnsafeBufferPointer<RowProgram.Step>, _ range: Range<Int>, _ names: [NamePath],
    _ templateText: UnsafeBufferPointer<UInt8>, _ escapeBytes: TemplateByteEscape?, _ lookups: inout RowLookups,
    _ lineStart: inout Bool?, into text: inout TextBuffer
  ) -> Bool {
    var index = range.lowerBound
    while index < range.upperBound {
      switch steps[index] {
      case .text(let bytes, let endsLine, let work):
        // Past the limit before writing: the tree walk throws there.
        lookups.work &+= work
        guard lookups.work <= lookups.workLimit else { return false }
        text.write(UnsafeBufferPointer(rebasing: templateText[bytes]))
        lineStart = endsLine
        index += 1
      case .value(let name, let escaped):
        // The name is read in place (a copy of its path is a retain and a release per value).
        var value: TemplateValue?
        if names[name].count == 1, !escaped || escapeBytes != nil {
          let mark = text.byteCount
          if lookups.write(names, name, escaped: escaped, escapeBytes, into: &text, else: &value) {
            lookups.work &+= text.byteCount &- mark
            guard lookups.work <= lookups.workLimit else { return false }
            lineStart = false
            index += 1
            continue
          }
        } else {
          value = lookups.resolve(names, name)
        }
        let raw: String
        switch value {
        case .string(let string)?: raw = string
        case let value?:
          raw = value.renderedText
          // A list or stream as text is a walk of all its items.
          switch value {
          case .list, .stream: lookups.work &+= raw.utf8.count
          default: break
          }
        case nil: raw = ""
        }
        let written = escaped ? escape(raw) : raw
        lookups.work &+= written.utf8.count
        guard lookups.work <= lookups.workLimit else { return false }
        text.write(written)
        lineStart = false
        index += 1
      case .section(let name, let inverted, let end, let work, let readsTop):
        let value: TemplateValue
        switch lookups.section(names, name, truthOnly: !readsTop) {
        case .truth(let truth):
          // A text, number or boolean: the tree walk would push it, but
          // without a `{{.}}` in the body no lookup reads it.
          if truth != inverted,
            !lookups.enter(work)
              || !run(steps, index + 1..<end, names, templateText, escapeBytes, &lookups, &lineStart, into: &text)
          {
            return false
          }
          index = end
          continue
        case .value(let found): value = found ?? .null
        }
        if inverted {
          if !value.isTruthy,
            !lookups.enter(work)
              || !run(steps, index + 1..<end, names, templateText, escapeBytes, &lookups, &lineStart, into: &text)
          {
            return false
          }
        } else {
          switch value {
          case .list(let items) where items.isEmpty:
            break
          case .list, .stream:
            return false
          default:
            guard value.isTruthy else { break }
            guard lookups.enter(work) else { return false }
            lookups.push(value)
            let finished = run(
              steps, index + 1..<end, names, templateText, escapeBytes, &lookups, &lineStart, into: &text)
            lookups.pop()
            if !finished { return false }
          }
        }
        index = end
      case .enter(let work):
        guard lookups.enter(work) else { return false }
        index += 1
      case .lineStart:
        lineStart = true
        index += 1
      }
    }
    return true
  }
}

extension RowLookups {
  /// The row's frames are `item` alone.
  fileprivate mutating func startRow(_ item: TemplateValue) {
    // The last row's object again (a stream's cursor, moved to this row):
    // kept in place, where popping and pushing it copied and destroyed the
    // value (about 250 instructions a row).
    if frames.count == 1, case .lazyObject(let next) = item, case .lazyObject(let last) = frames[0], next === last {
      return
    }
    // The last row's item at most (its sections popped what they pushed):
    // `removeAll(keepingCapacity:)` is a generic range replacement, about
    // 250 instructions a row for one element.
    while !frames.isEmpty { pop() }
    push(item)
  }

  fileprivate mutating func push(_ value: TemplateValue) {
    frames.append(value)
    kinds.append(FrameKind(value))
  }

  fileprivate mutating func pop() {
    frames.removeLast()
    kinds.removeLast()
  }

  /// Counts entering a list of nodes, as the tree walk does; false past
  /// the limit, where the tree walk throws.
  fileprivate mutating func enter(_ units: Int) -> Bool {
    work &+= units
    return work <= workLimit
  }

  /// Where a name's first key is found: a positional object's member
  /// (not computed yet), or a value. The object is not retained: a frame
  /// holds it while the place is used.
  fileprivate enum Place {
    case member(Unmanaged<TemplateObject>, position: Int)
    case value(TemplateValue?)
  }

  /// What a section over `names[name]` needs to know of its value.
  fileprivate enum SectionLookup {
    /// Only whether it renders: the value is a text, number or boolean
    /// its object knows the truth of without making it.
    case truth(Bool)
    case value(TemplateValue?)
  }

  /// The value of `names[name]` for a section, or with `truthOnly` only
  /// its truth where its object answers that (``TemplateMembers/truth(ofMember:)``).
  fileprivate mutating func section(_ names: [NamePath], _ name: Int, truthOnly: Bool) -> SectionLookup {
    guard truthOnly, names[name].count == 1 else { return .value(resolve(names, name)) }
    switch place(of: names, name) {
    case .member(let object, let position):
      return object._withUnsafeGuaranteedRef { object in
        if let truth = object.truth(ofMember: position) { return .truth(truth) }
        return .value(object.member(at: position))
      }
    case .value(let found): return .value(found)
    }
  }

  /// ``ContextStack/resolve(_:)`` for `names[name]`, name `name` of the
  /// program, with ``frames`` pushed on ``outer``.
  fileprivate mutating func resolve(_ names: [NamePath], _ name: Int) -> TemplateValue? {
    let count = names[name].count
    guard count > 0 else { return frames.last }
    var value: TemplateValue?
    switch place(of: names, name) {
    case .member(let object, let position): value = object._withUnsafeGuaranteedRef { $0.member(at: position) }
    case .value(let found): value = found
    }
    if count > 1 {
      for key in names[name].dropFirst() { value = value?[key] }
    }
    return value
  }

  /// Where `names[name]`'s first key (name `name` of the program) is
  /// found, with ``frames`` pushed on ``outer``. A positional object's member is found
  /// by the position kept in the name's slot, without reading the name,
  /// while the objects share a key table.
  /// - Precondition: `names[name]` is not empty.
  @inline(__always)
  fileprivate mutating func place(of names: [NamePath], _ name: Int) -> Place {
    // A member of the top frame's object at the position its slot keeps
    // (a row's own fields: most lookups), found in the caller: the walk's
    // call and its result cost as much as the lookup. Else the walk, which
    // starts at the same frame and gives the same answer there.
    if case .object(let object)? = kinds.last, let position = slots[name].position,
      slots[name].table == object._withUnsafeGuaranteedRef({ $0.keyTableID })
    {
      return .member(object, position: position)
    }
    return walk(names, name)
  }

  /// ``place(of:_:)``, frame by frame from the top.
  @inline(never)
  private mutating func walk(_ names: [NamePath], _ name: Int) -> Place {
    var frame = kinds.count - 1
    while frame >= 0 {
      switch kinds[frame] {
      case .object(let object):
        let table = object._withUnsafeGuaranteedRef { $0.keyTableID }
        let position = slots[name].table == table ? slots[name].position : learnPosition(of: names, name, in: object)
        if let position { return .member(object, position: position) }
      case .dictionary:
        if case .object(let members) = frames[frame], let value = members[names[name][0]] { return .value(value) }
      case .other:
        break
      }
      frame -= 1
    }
    switch slots[name].outer {
    case .absent: return .value(nil)
    case .member(let object, let position): return .member(object, position: position)
    case .entry(let frame): return .value(outer[frame][names[name][0]])
    }
  }

  /// Finds `names[name]`'s first key in `object`'s key table and keeps
  /// its position in the name's slot. Apart, so that a lookup whose slot
  /// already holds the table writes nothing (and checks no array's
  /// uniqueness).
  @inline(never)
  private mutating func learnPosition(
    of names: [NamePath], _ name: Int, in object: Unmanaged<TemplateObject>
  ) -> Int? {
    let keys = object._withUnsafeGuaranteedRef { $0.keyTable }
    slots[name].table = keys.id
    slots[name].position = keys.table.index(of: names[name][0])
    return slots[name].position
  }

  /// Writes the value of the one-key `names[name]` to `text`,
  /// escaped by `escapeBytes` when `escaped` and it is not lent as plain
  /// (``PlainText``: the escaper would return it unchanged), when its
  /// object lends it as UTF-8 (``TemplateMembers``), and returns true;
  /// else writes nothing, sets `value` to the value and returns false.
  /// (Neither a tuple nor an enum with the value: either was copied or
  /// destroyed through the value witnesses at every value.)
  /// - Precondition: `escapeBytes` is not nil when `escaped`.
  fileprivate mutating func write(
    _ names: [NamePath], _ name: Int, escaped: Bool, _ escapeBytes: TemplateByteEscape?, into text: inout TextBuffer,
    else value: inout TemplateValue?
  ) -> Bool {
    switch place(of: names, name) {
    case .member(let object, let position):
      return object._withUnsafeGuaranteedRef { object in
        let lent = object.withUTF8(ofMember: position) { bytes, isPlain in
          if escaped && !isPlain { escapeBytes!(bytes, &text) } else { text.write(bytes) }
        }
        if !lent { value = object.member(at: position) }
        return lent
      }
    case .value(let found):
      value = found
      return false
    }
  }
}
