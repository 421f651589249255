import PosttimParallel
import PosttimReport
import Synchronization

/// A report's ICU objects (``PresentedReport/Objects``) made on a helper
/// thread while its task lists are read: opening the catalogs, formatters
/// and pattern generators is a few milliseconds that a long list's run
/// otherwise spent on one core, the other idle, between reading and
/// rendering. Short lists make them in place, after reading.
///
/// The run reads as it did: the objects' warnings are held until the
/// lists are read (and dropped with the objects when reading fails), and
/// an ICU error they met is thrown after the lists' own errors. Under a
/// memory limit the objects are made after reading, as before: the
/// memory check before reading (``MemoryReserve``) must see the process
/// without a helper's stack and the objects being made.
struct PresentationAhead {
  /// Lists this many bytes long, together, have their objects made ahead.
  static let minimumInputBytes = 1 << 20

  private let made: Parallel.Ahead<Result<PresentedReport.Objects, any Error>>?
  private let held: HeldWarnings
  private let plan: RunPlan
  private let warn: @Sendable (String) -> Void

  /// Starts making the objects when the inputs are long enough.
  init(plan: RunPlan, warn: @escaping @Sendable (String) -> Void) {
    (self.plan, self.warn) = (plan, warn)
    let held = HeldWarnings()
    self.held = held
    made =
      Self.goesAhead(inputBytes: MemoryReserve.inputBytes(plan.inputs), memoryLimited: MemoryLimit.isSet)
      ? Parallel.Ahead { Result { try PresentedReport.Objects(plan: plan, warn: held.warn) } } : nil
  }

  /// Whether the objects are made while lists of `inputBytes` are read.
  static func goesAhead(inputBytes: Int, memoryLimited: Bool) -> Bool {
    !memoryLimited && inputBytes >= minimumInputBytes
  }

  /// The objects, after the lists are read: the held warnings are written
  /// first, as they would have been while the objects were made.
  /// - Throws: as ``PresentedReport/Objects``'s init.
  func objects() throws -> PresentedReport.Objects {
    guard let made else { return try PresentedReport.Objects(plan: plan, warn: warn) }
    let result = made.take()
    held.release(to: warn)
    return try result.get()
  }
}
