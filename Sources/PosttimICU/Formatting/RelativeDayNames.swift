import CICUShim
import Synchronization

/// ICU's names for the days next to today in one locale ("Hier",
/// "Aujourd’hui", "Demain"), capitalized for a heading.
///
/// Sendable notes: the handle is only used under `lock`.
public final class RelativeDayNames: @unchecked Sendable, ICUFailureReporting {
  private let handle: OpaquePointer
  private let lock = Mutex(())
  private let failures = ICUFailureRecord()

  /// - Throws: ``ICUError`` when ICU has no relative-date formatter.
  public init(locale: LocaleIdentifier) throws(ICUError) {
    let handle = try openICUHandle(
      "ureldatefmt_open", open: { cicu_rel_open(locale.icuID, &$0) }, close: cicu_rel_close)
    self.handle = handle
  }

  deinit { cicu_rel_close(handle) }

  /// The first ICU error a `name(forDayOffset:)` call met.
  public var firstFailure: ICUError? { failures.first }

  /// The name of the day `offset` days from today; nil outside -1…1, where
  /// the report shows plain dates, and on an ICU error (recorded in
  /// ``firstFailure``).
  public func name(forDayOffset offset: Int) -> String? {
    guard (-1...1).contains(offset) else { return nil }
    return lock.withLock { _ in
      do throws(ICUError) {
        return try withUTF16Result("ureldatefmt_format") { out, capacity, status in
          cicu_rel_day(handle, Int32(offset), out, capacity, &status)
        }
      } catch {
        failures.record(error)
        return nil
      }
    }
  }
}
