import Testing

@testable import PosttimReport

/// `ObjectMemo` against a `Dictionary` on the same inserts and lookups.
@Suite("Binary plist object memo")
struct ObjectMemoTests {
  @Test("agrees with a dictionary through growth, replacement and misses")
  func agreesWithDictionary() {
    var memo = ObjectMemo<String>()
    var reference: [Int: String] = [:]
    var state: UInt64 = 42
    for step in 0..<50_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Dense small indexes, sparse large ones, and multiples of 2^k that share low bits.
      let index =
        switch step % 3 {
        case 0: Int(state >> 50)
        case 1: Int(state >> 20)
        default: Int((state >> 54) << 16)
        }
      if step % 4 == 0 {
        memo.insert("v\(step)", for: index)
        reference[index] = "v\(step)"
      } else {
        #expect(memo[index] == reference[index], "index \(index)")
      }
    }
    for (index, value) in reference { #expect(memo[index] == value) }
    #expect(memo[Int.max] == nil)
  }
}
