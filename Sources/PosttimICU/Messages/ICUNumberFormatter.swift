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
    withSmallUTF8Result { format(value, into: $0, capacity: $1, status: &$2) }
  }

  /// ``string(_:)``'s UTF-8 lent to `body` from a buffer on the stack (no
  /// `String` made); false, without calling `body`, when ICU fails.
  public func withUTF8(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
      var status: Int32 = 0
      let length = Int(format(value, into: buffer.baseAddress!, capacity: 128, status: &status))
      guard status <= 0, length <= 128 else { return false }
      buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: length) {
        body(UnsafeBufferPointer(start: $0, count: length))
      }
      return true
    }
  }

  /// Formats `value` as UTF-8 into `out` (room for `capacity` bytes);
  /// returns its length (ICU's preflight length when it does not fit).
  private func format(
    _ value: Double, into out: UnsafeMutablePointer<CChar>, capacity: Int32, status: inout Int32
  ) -> Int32 {
    if let formatted = lock.withLockIfAvailable({ _ in cicu_nf_format_utf8(primary, value, out, capacity, &status) }) {
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
