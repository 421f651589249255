import Foundation
@testable import PosttimReport
import Testing
import TestSupport

@Suite("Radix sort")
struct RadixSortTests {
  /// Keys with many ties, both signs, -0.0 and +0.0, infinities, and high
  /// bytes that vary (so no pass is skipped) or not (so some are).
  static func doubles(_ count: Int, seed: UInt64) -> [Double] {
    var random = SplitMix64(seed: seed)
    let special: [Double] = [0, -0.0, .infinity, -.infinity, .greatestFiniteMagnitude, -.leastNonzeroMagnitude]
    return (0..<count).map { _ in
      switch random.next() % 4 {
      case 0: return special[Int(random.next() % UInt64(special.count))]
      case 1: return Double(Int(random.next() % 50) - 25) * 60  // ties
      case 2: return 800_000_000 + Double(random.next() % 5_184_000)  // one task list's two months
      default:  // any double but NaN
        let value = Double(bitPattern: random.next())
        return value.isNaN ? 1 : value
      }
    }
  }

  @Test("orders as the standard library's stable sort does", arguments: [0, 1, 2, 255, 256, 257, 1_000, 20_000])
  func matchesStableSort(count: Int) {
    let values = Self.doubles(count, seed: UInt64(count))
    var items = Array(values.enumerated())
    RadixSort.sort(&items) { RadixSort.key($0.element) }
    // Ties in input order, -0.0 equal to 0.0: the stable sort by `<`.
    let expected = values.enumerated().sorted {
      $0.element < $1.element || ($0.element == $1.element && $0.offset < $1.offset)
    }
    #expect(items.map(\.offset) == expected.map(\.offset))
  }

  @Test("two stable sorts give the order of (first key, second key, input order)")
  func twoKeys() {
    var random = SplitMix64(seed: 7)
    let pairs = (0..<5_000).map { _ in (date: Double(random.next() % 40), importance: Int(random.next() % 9) + 1) }
    var items = Array(pairs.enumerated())
    RadixSort.sort(&items) { ~RadixSort.key($0.element.importance) }
    RadixSort.sort(&items) { RadixSort.key($0.element.date) }
    let expected = pairs.indices.sorted { a, b in
      (pairs[a].date, -pairs[a].importance, a) < (pairs[b].date, -pairs[b].importance, b)
    }
    #expect(items.map(\.offset) == expected)
  }

  @Test("keys order as the values do", arguments: [(-1.5, -1.0), (-0.0, 1e-300), (-.infinity, -1e308), (1.0, 2.0)])
  func doubleKeys(smaller: Double, larger: Double) {
    #expect(RadixSort.key(smaller) < RadixSort.key(larger))
    #expect(RadixSort.key(-0.0) == RadixSort.key(0.0))
    #expect(RadixSort.key(Int.min) < RadixSort.key(-1) && RadixSort.key(-1) < RadixSort.key(0))
    #expect(RadixSort.key(0) < RadixSort.key(Int.max))
  }
}
