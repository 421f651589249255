import Dispatch
import Synchronization

extension Parallel {
  /// Work handed to a helper thread now, whose result the caller takes
  /// later: the caller goes on with other work meanwhile.
  ///
  ///     let made = Parallel.Ahead { expensiveSetUp() }
  ///     let tasks = read()        // on this thread, while a helper sets up
  ///     let setUp = made.take()
  ///
  /// As ``Parallel/map(_:_:)``, never waits for a thread that has not
  /// started: the work is run by whichever thread claims it first, the
  /// helper or ``take()``'s caller, and `take()` waits only for work a
  /// helper claimed. Work the caller never takes still runs on the helper
  /// that claimed it; its result is dropped.
  package final class Ahead<Result: Sendable>: Sendable {
    private let work: Mutex<(@Sendable () -> Result)?>
    private let result = Mutex<Result?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Hands `work` to a helper; with none free, it waits in the helpers'
    /// queue, and a take before it starts runs it on the taking thread.
    package init(_ work: @escaping @Sendable () -> Result) {
      self.work = Mutex(work)
      Parallel.async { [self] in
        guard let work = claim() else { return }
        let made = work()
        result.withLock { $0 = made }
        done.signal()
      }
    }

    /// The work's result: run here when no helper has claimed the work,
    /// else waited for. Call once.
    package func take() -> Result {
      if let work = claim() { return work() }
      done.wait()
      return result.withLock { $0.take()! }
    }

    private func claim() -> (@Sendable () -> Result)? {
      work.withLock { work in
        defer { work = nil }
        return work
      }
    }
  }
}
