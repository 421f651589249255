import FoundationEssentials
import PosttimParallel

/// The memory the readers' task lists need while threads read and render
/// them side by side, checked against `ulimit -v`/`-d` before each list is
/// read (the single run's estimate, ``MemoryReserve``): an allocation that
/// fails midway ends the whole run (exit 134), so a list too big for what
/// the limit leaves fails its reader alone.
///
/// A list is checked with what the lists other threads hold at the time
/// (their estimates, reserved until their message is made). A list that
/// does not fit beside them waits until they are done; one that does not
/// fit alone fails.
final class RosterListMemory: @unchecked Sendable {
  /// Guards `held`; signalled when a reservation is released.
  private let condition = Condition()
  /// The estimates of the lists being read and rendered now.
  private var held = 0

  /// Reserves what reading and rendering `plan`'s lists needs; give the
  /// result back with ``release(_:)`` once the message is made.
  /// - Throws: ``Refusal`` when a limit leaves too little for this list alone.
  func reserve(_ plan: RunPlan) throws(Refusal) -> Int {
    let locales = plan.presentation.locales.count
    let needed = MemoryReserve.need(
      inputs: plan.inputs, locales: locales, heldWhole: plan.output.isHeldWhole(locales: locales))
    return try condition.withLock { () throws(Refusal) -> Int in
      while let short = MemoryReserve.shortfall(needed + MemoryReserve.headroom + held) {
        guard held > 0 else {
          throw Refusal(lists: plan.inputs, needed: needed + MemoryReserve.headroom, limit: short.text)
        }
        condition.wait()
      }
      held += needed
      return needed
    }
  }

  func release(_ reserved: Int) {
    condition.withLock {
      held -= reserved
      condition.broadcast()
    }
  }

  /// A reader's list too big for the memory a limit leaves.
  struct Refusal: Error, CustomStringConvertible {
    let lists: [String]
    let needed: Int
    let limit: String
    var description: String {
      "\(lists.joined(separator: ", ")): not enough memory for this task list: it needs about \(needed >> 20) MiB, "
        + "and \(limit); raise the limit"
    }
  }
}
