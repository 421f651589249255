import Synchronization

/// The first ICU error met by calls that cannot throw (a formatter's
/// `string(from:)`, a calendar's day arithmetic), kept so it is never lost.
///
/// Such calls return a placeholder (an empty string, day 0) and record the
/// error here; the command checks ``first`` before it commits its output,
/// so a broken formatter ends the run with exit 70 and a message instead
/// of a report with blank cells and exit 0.
public final class ICUFailureRecord: Sendable {
  private let storage = Mutex<ICUError?>(nil)

  /// An empty record: no failure yet.
  public init() {}

  /// The first error recorded, if any.
  public var first: ICUError? { storage.withLock { $0 } }

  /// Records `status` when it is an ICU error (> 0; warnings are success).
  /// - Returns: true when it was an error.
  @discardableResult
  func check(_ status: Int32, _ function: String) -> Bool {
    guard status > 0 else { return false }
    record(ICUError(function: function, code: status))
    return true
  }

  /// Keeps `error` unless an earlier one is already kept.
  func record(_ error: ICUError) {
    storage.withLock { if $0 == nil { $0 = error } }
  }
}

/// A type whose non-throwing calls may have met an ICU error.
public protocol ICUFailureReporting {
  /// The first ICU error its calls met, or nil.
  var firstFailure: ICUError? { get }
}

extension Sequence where Element == any ICUFailureReporting {
  /// The first failure among several objects, in order.
  public var firstFailure: ICUError? {
    // A loop: the lazy compactMap it replaces is an unspecialized generic,
    // whose metadata the runtime looks up once per run.
    for source in self {
      if let failure = source.firstFailure { return failure }
    }
    return nil
  }
}
