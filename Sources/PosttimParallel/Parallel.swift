import CHeapPages
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Independent pieces of work run on several cores, for the package's
/// modules (the loaders, the agenda, the template engine's chunks).
///
/// The work is `@Sendable` and its results `Sendable`: whatever a piece
/// reads from outside it must be safe to read from several threads at
/// once, and the compiler checks it. Nothing here is unchecked: results
/// are handed back through a lock, taken once per piece.
///
/// Never waits for a thread that has not started: a piece is run by the
/// thread that claims it, the caller included, and the caller waits only
/// for pieces already claimed. Under a low `ulimit -v` or `ulimit -u` a
/// helper thread may never start; the caller does the work instead.
package enum Parallel {
  /// Cores to use: the ones this process may run on, at most 8. Read only
  /// for long lists: it reads the cgroup quota files.
  package static let width = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))

  /// Runs `body(0) … body(count - 1)`, on several threads when `count` is
  /// more than 1, and returns their results in index order.
  ///
  ///     let halves = Parallel.map(2) { half in half == 0 ? left.count : right.count }
  ///
  /// - Complexity: two locks taken per index, the work itself aside.
  package static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    guard count > 1, width > 1 else { return (0..<count).map(body) }
    return withoutActuallyEscaping(body) { body in
      let work = ClaimedWork<Result>(count: count, body: body)
      for _ in 1..<min(count, width) {
        async { work.runClaimed() }
      }
      work.runClaimed()
      return work.results()
    }
  }

  /// Hands `job` to a helper thread, without waiting. A job may never run:
  /// the helpers are started on first use, and there may be none when the
  /// system refuses threads (`ulimit -u`, `ulimit -v`). Its caller must be
  /// able to do the work itself, and to wait only for work a helper has
  /// claimed.
  ///
  /// Not Dispatch's global queue: libdispatch retries a thread it cannot
  /// create forever, in the thread that queued the work.
  package static func async(_ job: @escaping @Sendable () -> Void) {
    helpers.submit(job)
  }

  private static let helpers = Helpers(count: width - 1)
}

/// The helper threads: started once, each waiting for the next job.
/// (Internal, not private: the test makes instances of its own, each
/// started on its first job as ``Parallel``'s is.)
final class Helpers: Sendable {
  private struct Queue {
    var jobs: [(@Sendable () -> Void)?] = []
    var head = 0
    var started = 0
    var startTried = false
  }

  private let count: Int
  private let queue = Mutex(Queue())
  private let queued = DispatchSemaphore(value: 0)

  init(count: Int) { self.count = count }

  /// Queues `job` for a helper, starting the helpers on the first job;
  /// returns false when there is none to take it (the system refused them).
  /// Started under the queue's lock: a job submitted from another thread
  /// while they start waits for them, where it found none started yet and
  /// was dropped (its caller then did all the work on one core).
  @discardableResult
  func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
    // With no helper, nothing would ever take the job: its caller does it.
    let taken = queue.withLock { queue in
      if !queue.startTried {
        queue.startTried = true
        queue.started = (0..<count).count { _ in startThread() }
      }
      guard queue.started > 0 else { return false }
      queue.jobs.append(job)
      return true
    }
    if taken { queued.signal() }
    return taken
  }

  /// A helper's life: the next job, forever. Its heap is backed as the
  /// main thread's is (``heap_pages_advise_thread``).
  private func serve() -> Never {
    heap_pages_advise_thread()
    while true {
      queued.wait()
      let job = queue.withLock { queue in
        let job = queue.jobs[queue.head].take()
        queue.head += 1
        if queue.head == queue.jobs.count {
          queue.jobs.removeAll(keepingCapacity: true)
          queue.head = 0
        }
        return job
      }
      job?()
    }
  }

  /// Starts a detached thread that serves; false when the system refuses it.
  ///
  /// With every signal blocked, as libdispatch's threads have them: a
  /// signal goes to a thread that has not blocked it, and the run's
  /// handler relies on it reaching the main thread, which holds signals
  /// while it creates its temporary file. The signals an instruction
  /// raises stay open: a fault with its signal blocked ends the process
  /// at once, not in the handler that expects it (a mapped file cut while
  /// it is read: SIGBUS; a crash while a report is written in place, which
  /// takes the report out first).
  private func startThread() -> Bool {
    var all = sigset_t()
    var previous = sigset_t()
    sigfillset(&all)
    for raised in [SIGBUS, SIGSEGV, SIGILL, SIGTRAP, SIGFPE, SIGSYS] { sigdelset(&all, raised) }
    pthread_sigmask(SIG_SETMASK, &all, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(self)
    var thread = pthread_t()
    let started =
      pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<Helpers>.fromOpaque(context!).takeRetainedValue().serve()
        }, context.toOpaque()) == 0
    if !started { context.release() }
    return started
  }
}

/// The pieces of one ``Parallel/map(_:_:)``: each thread claims the next
/// index, runs it and stores its result.
private final class ClaimedWork<Result: Sendable>: Sendable {
  private struct State: ~Copyable {
    var next = 0
    var running = 0
    var waiting = false
    var slots: [Result?]
    /// Dropped once every piece has run: the caller's closure does not
    /// outlive the call.
    var body: (@Sendable (Int) -> Result)?
  }

  private let count: Int
  private let state: Mutex<State>
  private let finished = DispatchSemaphore(value: 0)

  init(count: Int, body: @escaping @Sendable (Int) -> Result) {
    self.count = count
    state = Mutex(State(slots: Array(repeating: nil, count: count), body: body))
  }

  /// Claims and runs pieces until none is left.
  func runClaimed() {
    while true {
      let claimed: Int? = state.withLock { state in
        guard state.next < count, state.body != nil else { return nil }
        state.next += 1
        state.running += 1
        return state.next - 1
      }
      guard let index = claimed else { return }
      let result = run(index)
      let wake = state.withLock { state in
        state.slots[index] = result
        state.running -= 1
        return state.running == 0 && state.waiting
      }
      if wake { finished.signal() }
    }
  }

  /// Runs one claimed piece; the closure is let go before the caller can
  /// be told the piece is done.
  private func run(_ index: Int) -> Result {
    let body = state.withLock { $0.body! }
    return body(index)
  }

  /// Waits for the pieces other threads claimed (none is left to claim),
  /// then returns every result in index order.
  func results() -> [Result] {
    let mustWait = state.withLock { state in
      state.waiting = state.running > 0
      return state.waiting
    }
    if mustWait { finished.wait() }
    return state.withLock { state in
      // A helper that starts later still holds this object: it keeps
      // neither the closure nor the results.
      state.body = nil
      defer { state.slots = [] }
      return state.slots.map { $0! }
    }
  }
}
