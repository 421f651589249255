import PosttimICU

/// The plist DTD's date text, `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds),
/// read in the proleptic Gregorian calendar (ISO 8601 §4.3.2.1 ranges,
/// "proleptic" as ISO 8601:2004 §3.2.1): `1000-01-01T00:00:00Z` is the same
/// instant whether it comes from XML text or binary seconds, unlike
/// Foundation on Linux, which reads XML dates before 1582-10-15 as Julian.
///
/// Years 0000…9999, so Foundation's sentinels `0000-12-30T00:00:00Z`
/// (`Date.distantPast`) and `4001-01-01T00:00:00Z` (`distantFuture`) are
/// ordinary dates. Impossible values (month 13, February 30, hour 24) are
/// refused, never rolled over.
package enum PlistDate {
  /// Seconds since 1970-01-01T00:00:00Z, or nil for text that is not a
  /// real date in that form.
  package static func seconds<C: Collection<UInt8>>(_ text: C) -> Int? where C.Index == Int {
    text.withContiguousStorageIfAvailable(seconds(in:)) ?? Array(text).withUnsafeBufferPointer(seconds(in:))
  }

  /// The same, read in place (one date a task: each digit one load).
  private static func seconds(in text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard text.count == 20, let bytes = text.baseAddress else { return nil }
    guard bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58, bytes[19] == 90 else {
      return nil
    }
    // `count` digits from `from`; nil at any other byte (wrapping below "0"
    // makes every one of them 10 or more).
    @inline(__always) func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for offset in from..<from + count {
        let digit = bytes[offset] &- 48
        guard digit < 10 else { return nil }
        value = value &* 10 &+ Int(digit)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      hour < 24, minute < 60, second < 60, CivilDate.isValid(year: year, month: month, day: day)
    else { return nil }
    return CivilDate.daysSinceUnixEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60
      + second
  }
}
