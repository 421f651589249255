/// UTF-16 code units transcoded straight to a UTF-8 `String` in one pass.
///
/// The standard library's `String(decoding:as: UTF16.self)` goes through a
/// generic parser: about 8,000 instructions for a 30-unit ICU message, five
/// times this loop (a report's details format one message per task). The
/// result is the same string: unpaired surrogates become U+FFFD, one per
/// unit, when repairing (Unicode §3.9 "U+FFFD Substitution of Maximal
/// Subparts" is per unit for UTF-16); without repair they make the result nil.
///
/// One pass into a scratch buffer (three bytes per unit at most), then one
/// exact-size string of it: the string holds no spare capacity (a million
/// plist descriptions at 3 bytes per unit would waste ~100 MB).
public enum UTF16Transcoding {
  /// The string of `count` code units, `unit(i)` being the i-th.
  /// - Parameters:
  ///   - count: the number of UTF-16 code units (not bytes).
  ///   - repairing: whether an unpaired surrogate becomes U+FFFD (true) or
  ///     makes the result nil (false).
  ///   - unit: the code unit at an index in `0..<count`, as a `UInt32`
  ///     below 0x10000 (callers read native or big-endian storage).
  /// - Returns: the string; nil only for an unpaired surrogate when not repairing.
  @inlinable
  public static func string(count: Int, repairing: Bool, _ unit: (Int) -> UInt32) -> String? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, 3 * count)) { out -> String? in
      var written = 0
      var i = 0
      while i < count {
        var scalar = unit(i)
        i += 1
        if scalar < 0x80 {
          out[written] = UInt8(truncatingIfNeeded: scalar)
          written += 1
          continue
        }
        if scalar & 0xF800 == 0xD800 {
          let low = scalar < 0xDC00 && i < count ? unit(i) : 0
          if low & 0xFC00 == 0xDC00 {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 1
          } else if repairing {
            scalar = 0xFFFD
          } else {
            return nil
          }
        }
        switch scalar {
        case 0..<0x800:
          out[written] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
          out[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
          written += 2
        case 0x800..<0x10000:
          out[written] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
          out[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
          out[written + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
          written += 3
        default:
          out[written] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
          out[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
          out[written + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
          out[written + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
          written += 4
        }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: out[..<written]), as: UTF8.self)
    }
  }
}
