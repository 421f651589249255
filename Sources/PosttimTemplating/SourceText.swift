/// A template's source as UTF-8 bytes, with the line/column and whitespace
/// queries the lexer and parser need.
struct SourceText {
  let name: String
  let bytes: [UInt8]
  /// Offsets where lines start, ascending: `location(of:)` is a binary
  /// search, not a rescan from the top (which made a template of many
  /// partial tags quadratic to parse).
  private let lineStarts: [Int]

  init(name: String, text: String) {
    self.name = name
    self.bytes = Array(text.utf8)
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
    self.lineStarts = starts
  }

  /// The first offset at or after `start` where `needle` occurs.
  func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= bytes.count else { return nil }
    var index = start
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first {
        var matched = true
        for offset in 1..<max(needle.count, 1) where bytes[index + offset] != needle[offset] {
          matched = false
          break
        }
        if matched { return index }
      }
      index += 1
    }
    return nil
  }

  static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// Start of the line containing `offset`.
  func lineStart(of offset: Int) -> Int {
    var index = offset
    while index > 0, bytes[index - 1] != 0x0A { index -= 1 }
    return index
  }

  /// If only spaces/tabs lie between the line start and `offset`, that line start.
  /// Walks back over blanks only, so a tag in the middle of a long line
  /// costs nothing (scanning to the line start made one long line of tags
  /// quadratic).
  func leftClear(_ offset: Int) -> Int? {
    var index = offset
    while index > 0, bytes[index - 1] != 0x0A {
      guard Self.isBlank(bytes[index - 1]) else { return nil }
      index -= 1
    }
    return index
  }

  /// If only spaces/tabs and then a line ending (or the end) follow `offset`,
  /// the offset just past that line ending.
  func rightClear(_ offset: Int) -> Int? {
    var index = offset
    while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
    if index == bytes.count { return index }
    if bytes[index] == 0x0A { return index + 1 }
    if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
    return nil
  }

  /// The run of spaces/tabs starting at `offset`.
  func leadingBlanks(at offset: Int) -> [UInt8] {
    var index = offset
    while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
    return Array(bytes[offset..<index])
  }

  /// 1-based line and column (in Unicode scalars) of `offset`.
  func location(of offset: Int) -> (line: Int, column: Int) {
    // The number of line starts at or before `offset` is the line number.
    var low = 0
    var high = lineStarts.count
    while low < high {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    let line = low
    let start = lineStarts[line - 1]
    // Count scalars, not bytes: skip UTF-8 continuation bytes.
    let column = bytes[start..<offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    return (line, column)
  }

  /// The text of the line containing `offset`, without its line ending.
  func lineText(at offset: Int) -> String {
    let start = lineStart(of: offset)
    var end = offset
    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  func syntaxError(at offset: Int, _ message: String) -> TemplateError {
    let (line, column) = location(of: offset)
    return TemplateError(
      kind: .syntax, templateName: name, line: line, column: column, message: message,
      sourceLine: lineText(at: offset))
  }
}
