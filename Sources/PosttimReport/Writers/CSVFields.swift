import PosttimTemplating

/// How a CSV writer writes its fields (RFC 4180 §2 rules 5–7): a field
/// holding the delimiter, a double quote, CR or LF is quoted, with quotes
/// doubled. Plain values only (no array), so a row's closures copy it
/// without reference counting.
///
/// Bytes, not characters: the delimiter (ASCII), quote, CR and LF are
/// single bytes in UTF-8, never part of another scalar; grapheme breaking
/// would dominate the cost of a large export, and a combining mark after a
/// comma changes nothing for a CSV reader, which sees the comma byte.
struct CSVFields {
  /// The delimiter's UTF-8: one byte, except for the one ASCII character
  /// that is two (CR LF), whose second byte is `second`.
  let first: UInt8
  let second: UInt8?
  /// The byte that quotes a field besides quote, CR and LF: the
  /// delimiter's value (`Character.asciiValue`: LF for CR LF).
  let separator: UInt8

  /// - Precondition: `delimiter` is ASCII.
  init(delimiter: Character) {
    let bytes = Array(String(delimiter).utf8)
    first = bytes[0]
    second = bytes.count > 1 ? bytes[1] : nil
    separator = delimiter.asciiValue ?? 44
  }

  func writeDelimiter(to buffer: inout TextBuffer) {
    buffer.write(byte: first)
    if let second { buffer.write(byte: second) }
  }

  /// Writes `bytes` as one field, after `prefix` (a byte the field starts
  /// with, none of the four that quote) when given, inside the quotes.
  func write(_ bytes: UnsafeBufferPointer<UInt8>, after prefix: UInt8? = nil, to buffer: inout TextBuffer) {
    guard needsQuotes(bytes) else {
      if let prefix { buffer.write(byte: prefix) }
      return buffer.write(bytes)
    }
    buffer.write(byte: 34)
    if let prefix { buffer.write(byte: prefix) }
    // Each quote is written twice: its run ends with it, and one more follows.
    var start = 0
    for index in bytes.indices where bytes[index] == 34 {
      buffer.write(UnsafeBufferPointer(rebasing: bytes[start...index]))
      buffer.write(byte: 34)
      start = index + 1
    }
    buffer.write(UnsafeBufferPointer(rebasing: bytes[start...]))
    buffer.write(byte: 34)
  }

  /// Whether `bytes` hold the separator, a quote, CR or LF: eight bytes at
  /// a time, each of the four found by the zero its exclusive or leaves
  /// (a byte-by-byte test was a tenth of a long list's CSV).
  func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let separators = UInt64(separator) &* ones
    var index = 0
    while index &+ 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if Self.hasZeroByte(word ^ separators) || Self.hasZeroByte(word ^ (34 &* ones))
        || Self.hasZeroByte(word ^ (13 &* ones)) || Self.hasZeroByte(word ^ (10 &* ones))
      {
        return true
      }
      index &+= 8
    }
    while index < bytes.count {
      let byte = base[index]
      if byte == separator || byte == 34 || byte == 13 || byte == 10 { return true }
      index &+= 1
    }
    return false
  }

  /// Whether a byte of `word` is zero (exact as a yes or no; Hacker's
  /// Delight §6-1).
  @inline(__always)
  private static func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
  }
}
