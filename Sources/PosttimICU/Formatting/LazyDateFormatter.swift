import Foundation
import Synchronization

/// An ``ICUDateFormatter`` opened on first use. Opening one costs far more
/// than formatting with it (ICU loads the locale's data and, for a
/// skeleton, resolves it through a DateTimePatternGenerator), and a report
/// needs some formats only now and then: a repeated wall time, a detail
/// view, a date outside years 1…9999.
///
/// Errors: an ICU error while opening is kept and reported by
/// ``firstFailure`` (the run then fails before anything is committed);
/// ``string(from:)`` returns "" meanwhile.
public final class LazyDateFormatter: Sendable, ICUFailureReporting {
  private let open: @Sendable () throws(ICUError) -> ICUDateFormatter
  private let state = Mutex<Result<ICUDateFormatter, ICUError>?>(nil)

  /// - Parameter open: opens the formatter; called at most once.
  public init(_ open: @escaping @Sendable () throws(ICUError) -> ICUDateFormatter) {
    self.open = open
  }

  /// The formatter, opened now if it was not yet.
  /// - Throws: the ``ICUError`` opening it met (the same one every time).
  public func formatter() throws(ICUError) -> ICUDateFormatter {
    let result = state.withLock { state in
      if let state { return state }
      let opened = Result { () throws(ICUError) in try open() }
      state = opened
      return opened
    }
    return try result.get()
  }

  /// The opened formatter's text for `date`; "" when it could not be opened.
  public func string(from date: Date) -> String {
    (try? formatter())?.string(from: date) ?? ""
  }

  /// The error opening met, else the opened formatter's first failure;
  /// nil when it was never opened.
  public var firstFailure: ICUError? {
    state.withLock { state in
      switch state {
      case .failure(let error)?: return error
      case .success(let formatter)?: return formatter.firstFailure
      case nil: return nil
      }
    }
  }
}
