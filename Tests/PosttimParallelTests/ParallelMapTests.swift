import PosttimParallel
import Synchronization
import Testing

@Suite("Parallel map")
struct ParallelMapTests {
  @Test("results come back in index order")
  func order() {
    #expect(Parallel.map(100) { $0 * $0 } == (0..<100).map { $0 * $0 })
    #expect(Parallel.map(1) { $0 + 7 } == [7])
    #expect(Parallel.map(0) { $0 }.isEmpty)
  }

  @Test("each index runs exactly once")
  func once() {
    let runs = Mutex([Int](repeating: 0, count: 257))
    _ = Parallel.map(257) { index in runs.withLock { $0[index] += 1 } }
    #expect(runs.withLock { $0 } == [Int](repeating: 1, count: 257))
  }

  /// Counts its instances, to see that `map` lets go of its results.
  final class Tracked: Sendable {
    static let alive = Mutex(0)
    init() { Self.alive.withLock { $0 += 1 } }
    deinit { Self.alive.withLock { $0 -= 1 } }
  }

  @Test("nothing is kept once the results are dropped")
  func releases() {
    do {
      let results = Parallel.map(64) { _ in Tracked() }
      #expect(results.count == 64)
      #expect(Tracked.alive.withLock { $0 } == 64)
    }
    #expect(Tracked.alive.withLock { $0 } == 0)
  }

  @Test("the width is between 1 and 8 cores")
  func width() {
    #expect((1...8).contains(Parallel.width))
  }
}
