import PosttimReport

/// `--shard K/N`: the readers whose ID hashes to K modulo N. The hash is
/// FNV-1a 64 over the ID's UTF-8 bytes, so the split is the same on every
/// machine and every run, and each reader falls in exactly one shard.
struct RosterShard: Equatable, Sendable, CustomStringConvertible {
  let index: Int
  let count: Int

  /// The whole roster (`0/1`).
  static let all = RosterShard(index: 0, count: 1)

  init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `K/N` with 0 ≤ K < N ≤ 1,000,000.
  init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 1_000_000, index >= 0,
      index < count
    else { return nil }
    self.init(index: index, count: count)
  }

  func contains(id: String) -> Bool {
    var hash = FNV1a()
    hash.mix(id)
    return hash.value % UInt64(count) == UInt64(index)
  }

  var description: String { "\(index)/\(count)" }
}
