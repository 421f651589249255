import CICUShim
import Synchronization

/// Locale-aware string ordering with ICU collation (UCA, UTS #10, plus
/// the locale's tailoring), used to order task titles.
///
/// Sort keys are computed once per string; comparing two keys is a byte
/// comparison, which keeps sorting a million titles cheap.
///
/// Sendable notes: `ucol_getSortKey` is thread-safe on a shared collator,
/// but the lock keeps that assumption out of our correctness argument.
public final class ICUCollator: @unchecked Sendable, ICUFailureReporting {
  private let handle: OpaquePointer
  private let lock = Mutex(())
  private let failures: ICUFailureRecord

  /// - Throws: ``ICUError`` when ICU cannot open a collator.
  public init(locale: LocaleIdentifier) throws(ICUError) {
    let handle = try openICUHandle("ucol_open", open: { cicu_coll_open(locale.icuID, &$0) }, close: cicu_coll_close)
    self.handle = handle
    failures = ICUFailureRecord()
  }

  private init(handle: OpaquePointer) {
    self.handle = handle
    failures = ICUFailureRecord()
  }

  deinit { cicu_coll_close(handle) }

  /// A collator that orders as this one does, for another thread to
  /// collate alongside this one (each has its own lock and failure
  /// record: see ``adoptFailure(of:)``).
  /// - Throws: ``ICUError`` when ICU cannot copy it.
  public func copy() throws(ICUError) -> ICUCollator {
    ICUCollator(
      handle: try lock.withLock { _ throws(ICUError) in
        try openICUHandle("ucol_clone", open: { cicu_coll_clone(handle, &$0) }, close: cicu_coll_close)
      })
  }

  /// Keeps `other`'s first failure as this one's, unless this one met one
  /// already: the work done with a ``copy()`` after this one's reports as
  /// it would on one collator, whichever thread failed first.
  public func adoptFailure(of other: ICUCollator) {
    if let failure = other.firstFailure { failures.record(failure) }
  }

  /// The first failure a `sortKey(_:)` call met.
  public var firstFailure: ICUError? { failures.first }

  /// The sort key of `text`: keys compare (lexicographically, as bytes)
  /// in the same order as the strings collate. ICU reports the length a
  /// key needs (`ucol_getSortKey`'s preflighting); a key that does not fit
  /// is computed again at exactly that length, once. ICU returns 0 only on
  /// an internal error: that is recorded in ``firstFailure`` and the key
  /// is empty.
  public func sortKey(_ text: String) -> [UInt8] {
    lock.withLock { _ in
      text.withUTF16Buffer { units, length in
        var capacity = max(64, Int(length) * 4 + 8)
        for _ in 0..<2 {
          var needed = 0
          let key = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            needed = Int(cicu_coll_sort_key(handle, units, length, buffer.baseAddress!, Int32(capacity)))
            count = needed <= capacity ? needed : 0
          }
          if needed == 0 { break }
          if needed <= capacity { return key }
          capacity = needed
        }
        failures.record(ICUError(function: "ucol_getSortKey", code: Int32(CICU_INTERNAL_PROGRAM_ERROR)))
        return []
      }
    }
  }

  /// Whether `a` sorts before `b`: the order of their sort keys (UTS #10),
  /// through `ucol_strcollUTF8`, which stops at the first difference. For
  /// a few comparisons this is cheaper than two sort keys (ordering the
  /// tasks that share an instant and an importance).
  public func precedes(_ a: String, _ b: String) -> Bool {
    var (a, b) = (a, b)
    var status: Int32 = 0
    let order = lock.withLock { _ in
      a.withUTF8 { a in
        b.withUTF8 { b in
          cicu_coll_compare_utf8(handle, a.baseAddress, Int32(a.count), b.baseAddress, Int32(b.count), &status)
        }
      }
    }
    if status > 0 { failures.record(ICUError(function: "ucol_strcollUTF8", code: status)) }
    return order < 0
  }
}
