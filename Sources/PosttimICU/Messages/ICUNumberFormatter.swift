import CICUShim
import Synchronization

/// ICU's decimal format for one locale (`unum`, as MessageFormat's
/// `{n, number}` formats), kept open: ``NumberFormatting`` opens one per
/// call, which a number per task cannot afford.
///
/// Sendable notes: an ICU formatter may not be used by two threads at
/// once. A call that finds the primary formatter busy takes a copy
/// (`unum_clone`), kept for the next such call, as ``ICUDateFormatter`` does.
public final class ICUNumberFormatter: @unchecked Sendable {
  /// An ICU formatter, used by one thread at a time.
  private struct Handle: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  private let primary: OpaquePointer
  private let lock = Mutex(())
  private let spares = Mutex([Handle]())

  /// - Throws: ``ICUError`` when ICU cannot open the format.
  public init(locale: LocaleIdentifier) throws(ICUError) {
    primary = try openICUHandle("unum_open", open: { cicu_nf_open(locale.icuID, &$0) }, close: { cicu_nf_close($0) })
  }

  deinit {
    cicu_nf_close(primary)
    for spare in spares.withLock({ $0 }) { cicu_nf_close(spare.pointer) }
  }

  /// `value` in the locale's digits and grouping; nil when ICU fails (the
  /// caller then takes its general path).
  public func string(_ value: Double) -> String? {
    withSmallUTF8Result { out, capacity, status in
      if let formatted = lock.withLockIfAvailable({ _ in cicu_nf_format_utf8(primary, value, out, capacity, &status) })
      {
        return formatted
      }
      // Busy: another thread is formatting. Take a copy (made from the
      // primary under its lock, once per thread that needs one).
      var cloneStatus: Int32 = 0
      guard
        let spare = spares.withLock({ $0.popLast() })
          ?? lock.withLock({ _ in cicu_nf_clone(primary, &cloneStatus).map(Handle.init) })
      else {
        status = cloneStatus > 0 ? cloneStatus : 1
        return 0
      }
      defer { spares.withLock { $0.append(spare) } }
      return cicu_nf_format_utf8(spare.pointer, value, out, capacity, &status)
    }
  }
}
