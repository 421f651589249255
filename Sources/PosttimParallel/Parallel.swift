import Dispatch
import Foundation
import Synchronization

/// Independent pieces of work run on several cores, for the package's
/// modules (the loaders, the agenda, the template engine's chunks).
///
/// The work is `@Sendable` and its results `Sendable`: whatever a piece
/// reads from outside it must be safe to read from several threads at
/// once, and the compiler checks it. Nothing here is unchecked: results
/// are handed back through a lock, taken once per piece.
package enum Parallel {
  /// Cores to use: the ones this process may run on, at most 8. Read only
  /// for long lists: it reads the cgroup quota files.
  package static let width = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))

  /// Runs `body(0) … body(count - 1)`, on several threads when `count` is
  /// more than 1, and returns their results in index order.
  ///
  ///     let halves = Parallel.map(2) { half in half == 0 ? left.count : right.count }
  ///
  /// - Complexity: one lock taken per index, the work itself aside.
  package static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    guard count > 1 else { return (0..<count).map(body) }
    let slots = Mutex<[Result?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let result = body(index)
      slots.withLock { $0[index] = result }
    }
    return slots.withLock { slots in slots.map { $0! } }
  }
}
