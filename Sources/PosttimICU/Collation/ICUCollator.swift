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
public final class ICUCollator: @unchecked Sendable {
  private let handle: OpaquePointer
  private let lock = Mutex(())

  /// - Throws: ``ICUError`` when ICU cannot open a collator.
  public init(locale: LocaleIdentifier) throws(ICUError) {
    let handle = try openICUHandle("ucol_open", open: { cicu_coll_open(locale.icuID, &$0) }, close: cicu_coll_close)
    self.handle = handle
  }

  deinit { cicu_coll_close(handle) }

  /// The sort key of `text`: keys compare (lexicographically, as bytes)
  /// in the same order as the strings collate.
  public func sortKey(_ text: String) -> [UInt8] {
    lock.withLock { _ in
      text.withUTF16Buffer { units, length in
        var capacity = max(64, Int(length) * 4 + 8)
        while true {
          let key = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = Int(cicu_coll_sort_key(handle, units, length, buffer.baseAddress!, Int32(capacity)))
            if count > capacity { count = 0 }
          }
          if !key.isEmpty || length == 0 { return key }
          capacity *= 2
        }
      }
    }
  }
}
