/// Text with patterns replaced in one pass over its UTF-8, matched byte for
/// byte (Foundation's `.literal` search).
///
/// Why bytes: the standard library's `replacing(_:with:)` matches whole
/// characters, so a quote followed by a combining mark is one character
/// and would escape nothing; escaping must see every quote and backslash.
public enum LiteralReplacement {
  /// `bytes` with every occurrence of each pattern's `from` replaced by its
  /// `to`, left to right; where two patterns start at one place, the first
  /// listed wins. Nil when no pattern occurs.
  public static func replacing(
    _ patterns: [(from: [UInt8], to: [UInt8])], in bytes: Slice<UnsafeBufferPointer<UInt8>>
  ) -> String? {
    // A pattern is looked for only where its first byte is.
    var isFirstByte = [Bool](repeating: false, count: 256)
    for pattern in patterns where !pattern.from.isEmpty { isFirstByte[Int(pattern.from[0])] = true }
    var result: [UInt8] = []
    var copied = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard isFirstByte[Int(bytes[index])],
        let pattern = patterns.first(where: { !$0.from.isEmpty && starts(bytes, at: index, with: $0.from) })
      else {
        index += 1
        continue
      }
      if result.isEmpty { result.reserveCapacity(bytes.count + bytes.count / 16) }
      result.append(contentsOf: bytes[copied..<index])
      result.append(contentsOf: pattern.to)
      index += pattern.from.count
      copied = index
    }
    guard copied != bytes.startIndex else { return nil }
    result.append(contentsOf: bytes[copied...])
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether `bytes` hold `pattern` from `index` on.
  public static func starts(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, at index: Int, with pattern: [UInt8]) -> Bool {
    guard bytes.endIndex - index >= pattern.count else { return false }
    for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
    return true
  }
}

extension String {
  /// The text with every occurrence of `target` replaced (``LiteralReplacement``).
  public func replacingLiteral(_ target: String, with replacement: String) -> String {
    var text = self
    return text.withUTF8 { bytes in
      LiteralReplacement.replacing([(Array(target.utf8), Array(replacement.utf8))], in: bytes[...])
    } ?? self
  }
}
