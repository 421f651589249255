/// Splits template source into alternating text and tag tokens.
///
/// Applies `{{=<% %>=}}` delimiter changes as it goes, since they change how
/// the rest of the source must be scanned. Works on UTF-8 bytes: every
/// character that matters to Mustache syntax is ASCII.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// interpolation.yml, delimiters.yml, comments.yml.
struct TemplateLexer {
  let source: SourceText
  private var open: [UInt8] = Array("{{".utf8)
  private var close: [UInt8] = Array("}}".utf8)

  init(source: SourceText) {
    self.source = source
  }

  mutating func tokenize() throws(TemplateError) -> [TemplateToken] {
    let bytes = source.bytes
    var tokens: [TemplateToken] = []
    var position = 0
    while let tagStart = source.find(open, from: position) {
      tokens.append(.text(position..<tagStart))
      let tag = try scanTag(at: tagStart)
      tokens.append(.tag(tag))
      position = tag.range.upperBound
    }
    tokens.append(.text(position..<bytes.count))
    return tokens
  }

  private mutating func scanTag(at start: Int) throws(TemplateError) -> TagToken {
    let bytes = source.bytes
    let afterOpen = start + open.count
    let sigil: UInt8? = afterOpen < bytes.count ? bytes[afterOpen] : nil
    let kind: TagKind
    var terminator = close
    switch sigil {
    case UInt8(ascii: "#"): kind = .section
    case UInt8(ascii: "^"): kind = .invertedSection
    case UInt8(ascii: "/"): kind = .close
    case UInt8(ascii: "!"): kind = .comment
    case UInt8(ascii: ">"): kind = .partial
    case UInt8(ascii: "<"): kind = .parent
    case UInt8(ascii: "$"): kind = .block
    case UInt8(ascii: "&"): kind = .unescapedVariable
    case UInt8(ascii: "="):
      kind = .setDelimiters
      terminator = Array("=".utf8) + close
    case UInt8(ascii: "{"):
      kind = .unescapedVariable
      terminator = Array("}".utf8) + close
    default: kind = .escapedVariable
    }
    let contentStart = kind == .escapedVariable ? afterOpen : afterOpen + 1
    guard let contentEnd = source.find(terminator, from: contentStart) else {
      let expected = String(decoding: terminator, as: UTF8.self)
      throw source.syntaxError(
        at: start, "unclosed tag: expected '\(expected)' before the end of the template")
    }
    let end = contentEnd + terminator.count
    let content = String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
      .trimmingMustacheWhitespace()
    let tag = TagToken(
      kind: kind, content: content, range: start..<end,
      spelling: String(decoding: bytes[start..<end], as: UTF8.self),
      openDelimiter: String(decoding: open, as: UTF8.self),
      closeDelimiter: String(decoding: close, as: UTF8.self))
    if kind == .setDelimiters { try changeDelimiters(tag) }
    return tag
  }

  private mutating func changeDelimiters(_ tag: TagToken) throws(TemplateError) {
    let parts = tag.content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
      throw source.syntaxError(
        at: tag.range.lowerBound,
        "invalid delimiter change '\(tag.spelling)': expected two delimiters separated by whitespace, neither containing '='"
      )
    }
    open = Array(parts[0].utf8)
    close = Array(parts[1].utf8)
  }
}

extension String {
  /// Trims the whitespace Mustache allows as tag padding.
  func trimmingMustacheWhitespace() -> String {
    let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isPadding($0) }),
      let last = lastIndex(where: { !isPadding($0) })
    else { return "" }
    return String(self[first...last])
  }
}
