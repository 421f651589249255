import Foundation
import TestSupport
import Testing

@testable import PosttimICU

/// The UTC text lent as bytes (what a task's anchor hashes) is
/// `utcString`'s, for every kind of instant: years 0 to 9999, their edges,
/// instants outside them and ones that are not finite.
@Suite("ISO 8601 UTC text lent as bytes")
struct ISO8601LentUTCTests {
  static let edges: [Double] = [
    0, -1, 0.999, -0.001, 1_796_047_200, 1_796_047_200.5, -62_167_219_200, -62_167_219_200.5, -62_167_219_201,
    253_402_300_799, 253_402_300_799.9, 253_402_300_800, 1e300, -1e300, .infinity, -.infinity, .nan,
  ]

  @Test("each lent text is utcString's")
  func lentTextIsUTCString() {
    var random = SplitMix64(seed: 29)
    let spread = (0..<2_000).map { _ in Double.random(in: -62_167_219_200..<253_402_300_800, using: &random) }
    for seconds in Self.edges + spread {
      let date = Date(timeIntervalSince1970: seconds)
      var lent = ""
      ISO8601.withUTCUTF8(date) { lent = String(decoding: $0, as: UTF8.self) }
      #expect(lent == ISO8601.utcString(date), "\(seconds)")
    }
  }
}
