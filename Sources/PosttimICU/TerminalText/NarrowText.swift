/// Text every scalar of which is one column wide and a grapheme cluster of
/// its own: printable ASCII, U+00A0…U+02FF (Latin-1, Latin Extended A and
/// B, IPA, spacing modifiers) and U+2010…U+2027 (dashes, quotes, `…`).
/// Its display width is its scalar count, and it can be measured, trimmed
/// and wrapped on its UTF-8 bytes, where ``DisplayWidth`` and
/// ``TerminalText`` walk grapheme clusters and ask ICU: most task text (any
/// Latin-script language) is such text. Held to the general code by tests,
/// every scalar of these ranges included.
enum NarrowText {
  /// The scalar count of `bytes` (valid UTF-8) when every scalar is
  /// narrow (see the type), else nil. No control character is narrow.
  static func width(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    var count = 0
    let end = bytes.count
    while index < end {
      let lead = bytes[index]
      if lead < 0x80 {
        guard lead >= 0x20, lead != 0x7F else { return nil }
        index += 1
      } else if lead < 0xE0 {
        // U+0080…U+07FF: C2 A0…CB BF are U+00A0…U+02FF.
        guard lead <= 0xCB, lead != 0xC2 || bytes[index + 1] >= 0xA0 else { return nil }
        index += 2
      } else {
        // U+2010…U+2027: E2 80 90…E2 80 A7.
        guard lead == 0xE2, bytes[index + 1] == 0x80, (0x90...0xA7).contains(bytes[index + 2]) else { return nil }
        index += 3
      }
      count += 1
    }
    return count
  }

  /// Whether the narrow scalar starting at `index` is White_Space: a space
  /// or U+00A0 NO-BREAK SPACE (the only ones among narrow scalars).
  static func isWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    bytes[index] == 0x20 || (bytes[index] == 0xC2 && bytes[index + 1] == 0xA0)
  }

  /// Where the last scalar before byte `end` starts.
  static func scalarStart(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = end - 1
    while bytes[index] & 0xC0 == 0x80 { index -= 1 }
    return index
  }

  /// `bytes` (narrow text) without leading and trailing White_Space.
  static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var start = 0
    var end = bytes.count
    while start < end, isWhitespace(bytes, at: start) { start += ScalarWidth.length(bytes[start]) }
    while start < end {
      let last = scalarStart(before: end, in: bytes)
      guard isWhitespace(bytes, at: last) else { break }
      end = last
    }
    return start..<end
  }

  /// ``DisplayWidth/wrapped(_:to:)`` of narrow text: words (split at
  /// spaces) filled greedily, a word wider than `columns` cut every
  /// `columns` scalars.
  static func wrapped(_ bytes: UnsafeBufferPointer<UInt8>, to columns: Int) -> [String] {
    var lines: [String] = []
    let text = trimmed(bytes)
    var line: [UInt8] = []
    var used = 0
    func flush() {
      if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
      line.removeAll(keepingCapacity: true)
      used = 0
    }
    var index = text.lowerBound
    while index < text.upperBound {
      if bytes[index] == 0x20 {
        index += 1
        continue
      }
      // A word: up to the next space.
      var wordStart = index
      var width = 0
      while index < text.upperBound, bytes[index] != 0x20 {
        index += ScalarWidth.length(bytes[index])
        width += 1
      }
      if used > 0, used + 1 + width <= columns {
        line.append(0x20)
        line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]))
        used += 1 + width
        continue
      }
      flush()
      while width > columns {
        var pieceEnd = wordStart
        for _ in 0..<columns { pieceEnd += ScalarWidth.length(bytes[pieceEnd]) }
        lines.append(string(bytes, wordStart..<pieceEnd))
        wordStart = pieceEnd
        width -= columns
      }
      line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]))
      used = width
    }
    flush()
    return lines
  }

  /// Calls `body` with `text`'s UTF-8: in place for a native string, else from a copy.
  static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
  }

  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}

/// UTF-8 sequence lengths.
enum ScalarWidth {
  /// The length in bytes of the UTF-8 sequence `lead` starts (valid UTF-8).
  @inline(__always)
  static func length(_ lead: UInt8) -> Int { lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2 }
}
