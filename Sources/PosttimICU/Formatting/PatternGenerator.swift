import CICUShim
import Synchronization

/// ICU's DateTimePatternGenerator for one locale: skeleton → best pattern
/// (UTS #35 §4.3 "Availability").
///
/// Sendable notes: the ICU handle is only touched under `lock`
/// (`udatpg_getBestPattern` mutates internal caches).
public final class PatternGenerator: @unchecked Sendable {
  private let handle: OpaquePointer
  private let lock = Mutex(())
  /// The locale whose CLDR data resolves skeletons.
  public let locale: LocaleIdentifier

  /// Opens the generator for `locale`.
  /// - Throws: ``ICUError`` when ICU cannot open one.
  public init(locale: LocaleIdentifier) throws(ICUError) {
    let handle = try openICUHandle("udatpg_open", open: { cicu_pg_open(locale.icuID, &$0) }, close: cicu_pg_close)
    self.handle = handle
    self.locale = locale
  }

  deinit { cicu_pg_close(handle) }

  /// The locale's best pattern for a skeleton, e.g. `yMMMdjm` →
  /// `d MMM y, HH 'h' mm` in fr_CA.
  public func bestPattern(for skeleton: String) throws(ICUError) -> String {
    try lock.withLock { _ throws(ICUError) in
      try withUTF16Result("udatpg_getBestPattern") { out, capacity, status in
        skeleton.withUTF16Buffer { text, length in
          cicu_pg_best_pattern(handle, text, length, out, capacity, &status)
        }
      }
    }
  }
}
