/// One bit per binary plist object: whether a reader has met it.
///
/// A bit set, not a byte or a count per object: a reader of one part of a
/// long list holds one, and a million tasks are about 3.6 million objects
/// (450 KB here).
struct ObjectMarks: Sendable {
  private var words: [UInt64]

  /// Marks for objects `0..<count`, none met.
  init(count: Int) {
    words = Array(repeating: 0, count: (count + 63) / 64)
  }

  /// Whether object `index` was met.
  func contains(_ index: Int) -> Bool {
    words[index >> 6] & (1 << UInt64(index & 63)) != 0
  }

  /// Marks object `index` met; returns whether it was met before.
  mutating func insert(_ index: Int) -> Bool {
    let bit: UInt64 = 1 << UInt64(index & 63)
    let before = words[index >> 6]
    words[index >> 6] = before | bit
    return before & bit != 0
  }
}
