import Dispatch
@testable import PosttimParallel
import Synchronization
import Testing

/// ``Helpers`` start on their first job; a job another thread submits
/// meanwhile must wait for them, not find none started and be dropped.
@Suite("Helper threads started by the first job")
struct HelpersStartTests {
  @Test("two threads submitting the first jobs at once: both taken, both run")
  func concurrentFirstJobs() {
    // Each instance starts one helper thread that lives on (blocked on
    // its semaphore): a few instances, each its own first meeting.
    for round in 0..<16 {
      let helpers = Helpers(count: 1)
      let arrived = Atomic(0)
      let taken = Mutex([Bool]())
      let ran = DispatchSemaphore(value: 0)
      DispatchQueue.concurrentPerform(iterations: 2) { _ in
        // Both threads submit together, while the helper is being started.
        arrived.wrappingAdd(1, ordering: .acquiringAndReleasing)
        while arrived.load(ordering: .acquiring) < 2 {}
        let wasTaken = helpers.submit { ran.signal() }
        taken.withLock { $0.append(wasTaken) }
      }
      #expect(taken.withLock { $0 } == [true, true], "round \(round)")
      for _ in 0..<2 { #expect(ran.wait(timeout: .now() + 30) == .success, "round \(round)") }
    }
  }
}
