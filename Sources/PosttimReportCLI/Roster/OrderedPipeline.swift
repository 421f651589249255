import Dispatch
import PosttimParallel
import Synchronization

/// Items made ahead on helper threads and taken one at a time, in index
/// order, on the calling thread: a roster's messages are made on every
/// core while the caller delivers and records them in roster order.
///
/// At most `window` items wait, made and not yet taken, so memory stays
/// flat however many there are. The caller never waits for a thread that
/// has not started: when it wants an item nobody has claimed, it makes
/// that item itself (under a low `ulimit -v` a helper thread may never
/// get its stack). Each thread makes its items with its own `Context`
/// (ICU objects and writers it keeps for its next items), so nothing a
/// thread keeps is used by two threads at once.
final class OrderedPipeline<Item: Sendable, Context>: Sendable {
  private struct State: ~Copyable {
    /// The first index no thread has claimed.
    var next = 0
    /// Made by helpers, not yet taken.
    var ready: [Int: Item] = [:]
    /// The index the caller waits for (-1: none).
    var awaited = -1
    /// Helpers inside their loop.
    var running = 0
    var stopped = false
  }

  private let count: Int
  private let state = Mutex(State())
  /// One per item a helper may make before the caller takes it.
  private let room: DispatchSemaphore
  /// Signalled when the awaited item is stored.
  private let arrived = DispatchSemaphore(value: 0)
  /// Signalled by each helper that leaves its loop after a stop.
  private let left = DispatchSemaphore(value: 0)
  private let helpers: Int
  private let make: @Sendable (Int, inout Context) -> Item
  private let context: @Sendable () -> Context

  /// Starts `helpers` threads making items `0..<count`.
  /// - Parameters:
  ///   - window: how many made items may wait for the caller.
  ///   - context: a new thread's context, made on that thread.
  ///   - make: item `index`, made with the thread's context.
  init(
    count: Int, helpers: Int, window: Int, context: @escaping @Sendable () -> Context,
    make: @escaping @Sendable (Int, inout Context) -> Item
  ) {
    self.count = count
    self.helpers = count > 1 ? max(0, helpers) : 0
    // Made empty and then given its tokens: libdispatch traps when a
    // semaphore is freed holding fewer than it was made with (a stopped
    // run's items are never taken, so their tokens never come back).
    room = DispatchSemaphore(value: 0)
    for _ in 0..<max(1, window) { room.signal() }
    self.context = context
    self.make = make
    // Parallel's helpers, not Dispatch's global queue, whose caller
    // retries forever a thread the system refuses (`ulimit -u`).
    for _ in 0..<self.helpers {
      Parallel.async { self.help() }
    }
  }

  /// A helper: claims the next index while there is room, makes it and
  /// stores it, until every index is claimed or the pipeline is stopped.
  private func help() {
    let started = state.withLock { state in
      guard !state.stopped else { return false }
      state.running += 1
      return true
    }
    guard started else { return }
    var context = self.context()
    while true {
      room.wait()
      let index: Int? = state.withLock { state in
        guard !state.stopped, state.next < count else { return nil }
        state.next += 1
        return state.next - 1
      }
      guard let index else { break }
      let item = make(index, &context)
      let wake = state.withLock { state in
        state.ready[index] = item
        guard state.awaited == index else { return false }
        state.awaited = -1
        return true
      }
      if wake { arrived.signal() }
    }
    // Let the next helper waiting for room see the end too.
    room.signal()
    let stopping = state.withLock { state in
      state.running -= 1
      return state.stopped
    }
    if stopping { left.signal() }
  }

  /// Item `index`: call with 0, 1, 2… in order, from one thread, which
  /// makes an item nobody has claimed with its own `context`.
  func take(_ index: Int, context: inout Context) -> Item {
    while true {
      let next: Next = state.withLock { state in
        if let item = state.ready.removeValue(forKey: index) { return .made(item) }
        if state.next == index {
          state.next += 1
          return .own
        }
        state.awaited = index
        return .wait
      }
      switch next {
      case .made(let item):
        room.signal()
        return item
      case .own:
        return make(index, &context)
      case .wait:
        arrived.wait()
      }
    }
  }

  /// What ``take(_:context:)`` finds.
  private enum Next {
    case made(Item)
    case own
    case wait
  }

  /// Stops the helpers, waits for those making an item, and returns the
  /// items made and not taken (for the caller to discard).
  func stop() -> [Item] {
    let running = state.withLock { state in
      state.stopped = true
      return state.running
    }
    for _ in 0..<helpers { room.signal() }
    for _ in 0..<running { left.wait() }
    return state.withLock { state in
      let items = state.ready.sorted { $0.key < $1.key }.map(\.value)
      state.ready = [:]
      return items
    }
  }
}
