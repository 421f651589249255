import Dispatch
import PosttimParallel
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Work started ahead on a helper, taken later")
struct AheadTests {
  @Test("the result is the work's, and the work runs once, taken at once or later")
  func resultAndOnce() {
    for round in 0..<200 {
      let runs = Atomic(0)
      let ahead = Parallel.Ahead { () -> Int in
        runs.wrappingAdd(1, ordering: .relaxed)
        return round * 3
      }
      if round % 2 == 1 { usleep(50) }
      #expect(ahead.take() == round * 3)
      #expect(runs.load(ordering: .relaxed) == 1, "round \(round)")
    }
  }

  @Test("with every helper busy, the taking thread runs the work itself and does not wait")
  func takenWhileHelpersAreBusy() {
    let gate = DispatchSemaphore(value: 0)
    let blocked = DispatchSemaphore(value: 0)
    let helpers = Parallel.width - 1
    for _ in 0..<helpers {
      Parallel.async {
        blocked.signal()
        gate.wait()
      }
    }
    for _ in 0..<helpers { blocked.wait() }
    let caller = pthread_self()
    let ranOnCaller = Mutex<Bool?>(nil)
    let ahead = Parallel.Ahead { () -> String in
      ranOnCaller.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 }
      return "made"
    }
    #expect(ahead.take() == "made")
    #expect(ranOnCaller.withLock { $0 } == true)
    for _ in 0..<helpers { gate.signal() }
  }
}
