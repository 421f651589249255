import Foundation
import Synchronization
import Testing

@testable import PosttimReportCLI

/// Items made ahead on helper threads, taken in order on the caller's.
@Suite("Ordered pipeline")
struct OrderedPipelineTests {
  /// A thread's context: its own name and the items it made.
  final class Maker {
    let name: Int
    var made: [Int] = []
    init(_ name: Int) { self.name = name }
  }

  /// What every thread made, by context name (the caller's is 0).
  final class Record: Sendable {
    let next = Atomic(1)
    let taken = Atomic(0)
    let made = Mutex<[Int: Int]>([:])
    let aheadOfWindow = Atomic(false)
  }

  func pipeline(count: Int, helpers: Int, window: Int, record: Record) -> OrderedPipeline<Int, Maker> {
    OrderedPipeline(
      count: count, helpers: helpers, window: window,
      context: { Maker(record.next.wrappingAdd(1, ordering: .relaxed).oldValue) }
    ) { index, maker in
      // A helper claims an index only while fewer than `window` of its
      // items wait: memory stays flat however long the run. Beside those,
      // the caller may be making one, and `taken` is stored just after a take.
      if index > record.taken.load(ordering: .sequentiallyConsistent) + window + 1 {
        record.aheadOfWindow.store(true, ordering: .relaxed)
      }
      maker.made.append(index)
      record.made.withLock { $0[index] = maker.name }
      usleep(UInt32(index % 3) * 200)
      return index * 10
    }
  }

  @Test("every item comes back once, in index order, made with its thread's context, at most a window ahead")
  func inOrder() {
    let record = Record()
    let pipeline = pipeline(count: 300, helpers: 2, window: 3, record: record)
    var caller = Maker(0)
    var taken: [Int] = []
    for index in 0..<300 {
      taken.append(pipeline.take(index, context: &caller))
      record.taken.store(index + 1, ordering: .sequentiallyConsistent)
    }
    #expect(pipeline.stop().isEmpty)
    #expect(taken == (0..<300).map { $0 * 10 })
    let made = record.made.withLock { $0 }
    #expect(made.count == 300)
    // The caller's own items are the ones its context made.
    #expect(caller.made == made.filter { $0.value == 0 }.map(\.key).sorted())
    let ahead = record.aheadOfWindow.load(ordering: .relaxed)
    #expect(!ahead)
  }

  @Test("with no helper the caller makes every item itself")
  func noHelper() {
    let record = Record()
    let pipeline = pipeline(count: 20, helpers: 0, window: 4, record: record)
    var caller = Maker(0)
    let taken = (0..<20).map { pipeline.take($0, context: &caller) }
    #expect(taken == (0..<20).map { $0 * 10 })
    #expect(caller.made == Array(0..<20))
    #expect(pipeline.stop().isEmpty)
  }

  @Test("stop() waits for the helpers and hands back what was made and not taken; nothing is made after")
  func stopped() {
    let record = Record()
    let pipeline = pipeline(count: 500, helpers: 2, window: 4, record: record)
    var caller = Maker(0)
    for index in 0..<3 {
      _ = pipeline.take(index, context: &caller)
      record.taken.store(index + 1, ordering: .sequentiallyConsistent)
    }
    let left = pipeline.stop()
    let made = record.made.withLock { $0.count }
    #expect(left.count == made - 3)
    #expect(left.allSatisfy { $0 >= 30 && $0 % 10 == 0 })
    #expect(Set(left).count == left.count)
    #expect(made < 3 + 4 + 1)
    usleep(20_000)
    let madeLater = record.made.withLock { $0.count }
    #expect(madeLater == made)
  }
}
