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

  /// `value` in the locale's digits and grouping, as UTF-8 bytes handed
  /// to `body`; nil when ICU fails (the caller then takes its general path).
  public func withUTF8<Result>(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
      var status: Int32 = 0
      func format(_ formatter: OpaquePointer) -> Int {
        Int(cicu_nf_format_utf8(formatter, value, buffer.baseAddress!, 256, &status))
      }
      let length: Int
      if let formatted = lock.withLockIfAvailable({ _ in format(primary) }) {
        length = formatted
      } else {
        var cloneStatus: Int32 = 0
        guard
          let spare = spares.withLock({ $0.popLast() })
            ?? lock.withLock({ _ in cicu_nf_clone(primary, &cloneStatus).map(Handle.init) })
        else { return nil }
        length = format(spare.pointer)
        spares.withLock { $0.append(spare) }
      }
      guard status <= 0, length <= 256 else { return nil }
      return buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: length) {
        body(UnsafeBufferPointer(start: $0, count: length))
      }
    }
  }
}
