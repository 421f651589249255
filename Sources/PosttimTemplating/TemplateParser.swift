/// Builds the node tree from lexer tokens, applying the spec's whitespace rules.
///
/// Standalone rules: a section, inverted, close, comment, partial or delimiter
/// tag alone on its line (only spaces/tabs around it) removes that whole line,
/// its leading blanks becoming the indentation of a standalone partial. For
/// inheritance (see `~inheritance.yml` and mustache/spec#131): a parent tag
/// *pair* is standalone when its opening tag is the first thing on its line
/// and its closing tag the last thing on its line; a block opening tag inside a
/// parent drops the line ending that follows it and its body is de-indented
/// by the indentation of its first line ("intrinsic indentation"); a block
/// slot whose opening tag is standalone is re-indented by its default body's
/// first-line indentation where it is expanded.
///
/// Errors: `TemplateError.syntax` for unclosed/mismatched/unexpected tags and
/// missing or malformed names, located at the offending tag.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec).
struct TemplateParser {
  private let source: SourceText

  init(source: SourceText) {
    self.source = source
  }

  private struct Frame {
    enum Kind { case root, section, invertedSection, parent, override, slot }
    var kind: Kind
    var tag: TagToken?
    var children: [TemplateNode] = []
    /// Blanks removed from the start of every source line in this frame.
    var dedent: [UInt8]
    var indentation = ""
    var layout = BlockLayout.inline
    var overrides: [String: [TemplateNode]] = [:]
    /// For a parent: line start of its opening tag if only blanks precede it.
    var openLineStart: Int?
    /// For a parent: where its preceding text sits in the enclosing frame, and
    /// that text without the trailing blanks, used if the pair is standalone.
    var precedingTextIndex: Int?
    var trimmedPrecedingText = ""
  }

  func parse() throws(TemplateError) -> [TemplateNode] {
    var lexer = TemplateLexer(source: source)
    let tokens = try lexer.tokenize()
    var frames = [Frame(kind: .root, dedent: [])]
    guard case .text(var pending) = tokens[0] else { return [] }
    var index = 1
    while index < tokens.count {
      guard case .tag(let tag) = tokens[index], case .text(var next) = tokens[index + 1] else { break }
      try handle(tag, frames: &frames, pending: pending, next: &next)
      pending = next
      index += 2
    }
    flush(pending, upTo: nil, into: &frames)
    if frames.count > 1, let open = frames.last?.tag {
      let what = describe(frames[frames.count - 1].kind)
      throw source.syntaxError(
        at: open.range.lowerBound,
        "unclosed \(what) '\(open.content)': expected '\(open.openDelimiter)/\(open.content)\(open.closeDelimiter)' before the end of the template"
      )
    }
    return frames[0].children
  }

  // MARK: - Tags

  private func handle(
    _ tag: TagToken, frames: inout [Frame], pending: Range<Int>, next: inout Range<Int>
  ) throws(TemplateError) {
    let start = tag.range.lowerBound
    let end = tag.range.upperBound
    let lineStart = source.leftClear(start)
    let lineEnd = source.rightClear(end)
    let standalone = tag.kind.canBeStandalone && lineStart != nil && lineEnd != nil
    // Only these two fields: a copy of the whole frame would share its
    // `children` buffer, and every append below would then copy it
    // (quadratic time in the number of tags).
    let top = (kind: frames[frames.count - 1].kind, dedent: frames[frames.count - 1].dedent)

    switch tag.kind {
    case .parent:
      try requireName(tag)
      var frame = Frame(kind: .parent, tag: tag, dedent: top.dedent)
      frame.openLineStart = lineStart
      if top.kind != .parent {
        let full = text(pending, dedent: top.dedent)
        if !full.isEmpty {
          frames[frames.count - 1].children.append(.text(full))
          frame.precedingTextIndex = frames[frames.count - 1].children.count - 1
        }
        if let lineStart {
          frame.trimmedPrecedingText = text(pending.lowerBound..<max(pending.lowerBound, lineStart), dedent: top.dedent)
          frame.indentation = dedented(Array(source.bytes[lineStart..<start]), by: top.dedent)
        }
      }
      try push(frame, onto: &frames)
      return
    case .block where top.kind == .parent:
      try requireName(tag)
      var frame = Frame(kind: .override, tag: tag, dedent: top.dedent)
      if let lineEnd {
        // The line ending after `{{$name}}` belongs to the tag, and the body's
        // first-line blanks are its intrinsic indentation.
        next = max(next.lowerBound, lineEnd)..<next.upperBound
        frame.dedent = source.leadingBlanks(at: lineEnd)
      }
      try push(frame, onto: &frames)
      return
    case .close where top.kind == .override:
      try closeFrame(tag, frames: &frames)
      flush(pending, upTo: lineStart, into: &frames)
      let body = frames.removeLast()
      frames[frames.count - 1].overrides[body.tag!.content] = body.children
      return
    case .close where top.kind == .parent:
      try closeFrame(tag, frames: &frames)
      var frame = frames.removeLast()
      let pairStandalone = frame.openLineStart != nil && lineEnd != nil
      if pairStandalone, let lineEnd {
        next = max(next.lowerBound, lineEnd)..<next.upperBound
        if let textIndex = frame.precedingTextIndex {
          if frame.trimmedPrecedingText.isEmpty {
            frames[frames.count - 1].children.remove(at: textIndex)
          } else {
            frames[frames.count - 1].children[textIndex] = .text(frame.trimmedPrecedingText)
          }
        }
      } else {
        frame.indentation = ""
      }
      let open = frame.tag!
      let reference = try partialReference(open, indentation: frame.indentation, standalone: pairStandalone)
      append(.parent(reference, overrides: frame.overrides), to: &frames)
      return
    default:
      break
    }

    // Everything else follows the core spec's standalone rule.
    flush(pending, upTo: standalone ? lineStart : nil, into: &frames)
    if standalone, let lineEnd {
      next = max(next.lowerBound, lineEnd)..<next.upperBound
    }
    let indentation =
      standalone ? dedented(Array(source.bytes[lineStart!..<start]), by: top.dedent) : ""

    switch tag.kind {
    case .escapedVariable, .unescapedVariable:
      try requireName(tag)
      append(.variable(path(tag.content), escaped: tag.kind == .escapedVariable), to: &frames)
    case .section, .invertedSection:
      try requireName(tag)
      try push(
        Frame(kind: tag.kind == .section ? .section : .invertedSection, tag: tag, dedent: top.dedent), onto: &frames)
    case .block:
      try requireName(tag)
      var frame = Frame(kind: .slot, tag: tag, dedent: top.dedent)
      if standalone, let lineEnd {
        let intrinsic = source.leadingBlanks(at: lineEnd)
        frame.dedent = intrinsic
        frame.indentation = dedented(intrinsic, by: top.dedent)
        frame.layout = .standalone
      } else if let lineStart {
        frame.indentation = dedented(Array(source.bytes[lineStart..<start]), by: top.dedent)
        frame.layout = .leftAligned
      }
      try push(frame, onto: &frames)
    case .close:
      try closeFrame(tag, frames: &frames)
      let frame = frames.removeLast()
      let name = frame.tag!.content
      switch frame.kind {
      case .slot:
        append(
          .block(name: name, defaultBody: frame.children, indentation: frame.indentation, layout: frame.layout),
          to: &frames)
      default:
        append(.section(path(name), inverted: frame.kind == .invertedSection, children: frame.children), to: &frames)
      }
    case .partial:
      try requireName(tag)
      append(.partial(try partialReference(tag, indentation: indentation, standalone: standalone)), to: &frames)
    case .comment, .setDelimiters, .parent:
      break
    }
  }

  /// Checks that `tag` closes the innermost open frame.
  /// Sections, parents and blocks open inside one another at most this
  /// deep: the node tree, its renderer and its destruction all recurse
  /// once per level, and 100,000 levels (a 600 KB template) overflowed
  /// the stack.
  static let maximumNesting = 100

  private func push(_ frame: Frame, onto frames: inout [Frame]) throws(TemplateError) {
    // frames[0] is the root, so this allows `maximumNesting` levels.
    guard frames.count <= Self.maximumNesting else {
      throw source.syntaxError(
        at: frame.tag?.range.lowerBound ?? 0,
        "sections, parents and blocks nested more than \(Self.maximumNesting) levels deep")
    }
    frames.append(frame)
  }

  private func closeFrame(_ tag: TagToken, frames: inout [Frame]) throws(TemplateError) {
    try requireName(tag)
    guard frames.count > 1, let open = frames[frames.count - 1].tag else {
      throw source.syntaxError(
        at: tag.range.lowerBound, "unexpected closing tag '\(tag.spelling)': no section is open")
    }
    guard open.content == tag.content else {
      let (line, column) = source.location(of: open.range.lowerBound)
      throw source.syntaxError(
        at: tag.range.lowerBound,
        "mismatched closing tag '\(tag.spelling)': expected '\(open.openDelimiter)/\(open.content)\(open.closeDelimiter)' to close the \(describe(frames[frames.count - 1].kind)) opened at line \(line), column \(column)"
      )
    }
  }

  private func describe(_ kind: Frame.Kind) -> String {
    switch kind {
    case .root, .section: "section"
    case .invertedSection: "inverted section"
    case .parent: "parent"
    case .override, .slot: "block"
    }
  }

  // MARK: - Names

  private func requireName(_ tag: TagToken) throws(TemplateError) {
    guard !tag.content.isEmpty else {
      throw source.syntaxError(at: tag.range.lowerBound, "missing name in tag '\(tag.spelling)'")
    }
    var name = Substring(tag.content)
    if tag.kind == .partial || tag.kind == .parent, name.first == "*" {
      name = name.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
      guard !name.isEmpty else {
        throw source.syntaxError(at: tag.range.lowerBound, "missing name after '*' in tag '\(tag.spelling)'")
      }
    }
    guard !name.contains(where: \.isWhitespace) else {
      throw source.syntaxError(
        at: tag.range.lowerBound,
        "invalid name '\(tag.content)' in tag '\(tag.spelling)': names cannot contain whitespace")
    }
  }

  private func path(_ name: String) -> NamePath {
    name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  private func partialReference(
    _ tag: TagToken, indentation: String, standalone: Bool
  ) throws(TemplateError) -> PartialReference {
    let (line, column) = source.location(of: tag.range.lowerBound)
    let name: PartialName
    if tag.content.hasPrefix("*") {
      name = .dynamic(path(String(tag.content.dropFirst().drop(while: { $0 == " " || $0 == "\t" }))))
    } else {
      name = .fixed(tag.content)
    }
    return PartialReference(
      name: name, indentation: indentation, standalone: standalone, line: line, column: column)
  }

  // MARK: - Text

  private func append(_ node: TemplateNode, to frames: inout [Frame]) {
    // Inside a parent only blocks count; anything else there is ignored.
    guard frames[frames.count - 1].kind != .parent else { return }
    frames[frames.count - 1].children.append(node)
  }

  /// Appends the text of `range` (cut at `end` if given) to the innermost frame.
  private func flush(_ range: Range<Int>, upTo end: Int?, into frames: inout [Frame]) {
    let upper = end.map { max(range.lowerBound, min($0, range.upperBound)) } ?? range.upperBound
    let string = text(range.lowerBound..<upper, dedent: frames[frames.count - 1].dedent)
    if !string.isEmpty { append(.text(string), to: &frames) }
  }

  /// The source text of `range`, with `dedent` removed from each line start.
  private func text(_ range: Range<Int>, dedent: [UInt8]) -> String {
    let bytes = source.bytes
    guard !dedent.isEmpty else { return String(decoding: bytes[range], as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      if index == 0 || bytes[index - 1] == 0x0A {
        var matched = 0
        while matched < dedent.count, index < range.upperBound, bytes[index] == dedent[matched] {
          index += 1
          matched += 1
        }
        if index == range.upperBound { break }
      }
      out.append(bytes[index])
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `blanks` without the leading part it shares with `dedent`.
  private func dedented(_ blanks: [UInt8], by dedent: [UInt8]) -> String {
    var common = 0
    while common < blanks.count, common < dedent.count, blanks[common] == dedent[common] { common += 1 }
    return String(decoding: blanks[common...], as: UTF8.self)
  }
}
