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
/// exact-size string of it, not validated again (`UTF8Span(unchecked:)`):
/// the string holds no spare capacity (a million plist descriptions at 3
/// bytes per unit would waste ~100 MB). Four ASCII units are copied at a
/// time (``UTF16CodeUnits/asciiQuad(at:)``): most units of a French title
/// or description are ASCII, and one at a time they were a tenth of a
/// binary list's reading.
public enum UTF16Transcoding {
  /// The string of `units`.
  /// - Parameters:
  ///   - repairing: whether an unpaired surrogate becomes U+FFFD (true) or
  ///     makes the result nil (false).
  /// - Returns: the string; nil only for an unpaired surrogate when not repairing.
  @inlinable
  public static func string(_ units: some UTF16CodeUnits, repairing: Bool) -> String? {
    let count = units.count
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(4, 3 * count)) { out -> String? in
      let base = out.baseAddress!
      var written = 0
      var i = 0
      while i < count {
        // `written` ≤ 3 × `i` (three bytes a unit at most): with four units
        // left, four more bytes fit.
        if i &+ 4 <= count, let quad = units.asciiQuad(at: i) {
          UnsafeMutableRawPointer(base + written).storeBytes(of: UInt32(littleEndian: quad), as: UInt32.self)
          written &+= 4
          i &+= 4
          continue
        }
        var scalar = units[i]
        i += 1
        if scalar < 0x80 {
          base[written] = UInt8(truncatingIfNeeded: scalar)
          written += 1
          continue
        }
        if scalar & 0xF800 == 0xD800 {
          let low = scalar < 0xDC00 && i < count ? units[i] : 0
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
          base[written] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
          base[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
          written += 2
        case 0x800..<0x10000:
          base[written] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
          base[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
          base[written + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
          written += 3
        default:
          base[written] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
          base[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
          base[written + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
          base[written + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
          written += 4
        }
      }
      // Valid UTF-8 by construction (surrogates paired, repaired or refused
      // above), so made without the standard library's second check, a
      // third of the cost of a binary list's strings. ASCII exactly when
      // every unit took one byte.
      let utf8 = unsafe UTF8Span(
        unchecked: UnsafeBufferPointer(start: base, count: written).span, isKnownASCII: written == count)
      return String(copying: utf8)
    }
  }
}

/// UTF-16 code units as ``UTF16Transcoding`` reads them: one at a time,
/// or four at a time while they are ASCII.
public protocol UTF16CodeUnits {
  /// The number of code units.
  var count: Int { get }
  /// The code unit at `index` (in `0..<count`), as a `UInt32` below 0x10000.
  subscript(index: Int) -> UInt32 { get }
  /// The units `index..<index + 4` (within `0..<count`) as four ASCII
  /// bytes, the first in the low byte; nil when any of them is not ASCII.
  func asciiQuad(at index: Int) -> UInt32?
}

/// Code units in memory in the machine's order (ICU's buffers).
public struct NativeUTF16Units: UTF16CodeUnits {
  @usableFromInline let units: UnsafeBufferPointer<UInt16>

  @inlinable
  public init(_ units: UnsafeBufferPointer<UInt16>) { self.units = units }

  @inlinable public var count: Int { units.count }

  @inlinable public subscript(index: Int) -> UInt32 { UInt32(units[index]) }

  @inlinable
  public func asciiQuad(at index: Int) -> UInt32? {
    let word = UInt64(littleEndian: UnsafeRawPointer(units.baseAddress! + index).loadUnaligned(as: UInt64.self))
    guard word & 0xFF80_FF80_FF80_FF80 == 0 else { return nil }
    return UInt32(
      truncatingIfNeeded: word & 0xFF | word >> 8 & 0xFF00 | word >> 16 & 0xFF_0000 | word >> 24 & 0xFF00_0000)
  }
}

/// Code units stored big-endian, two bytes each (binary property lists).
public struct BigEndianUTF16Units: UTF16CodeUnits {
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

  /// The units of `bytes` (an odd last byte is not read).
  @inlinable
  public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  @inlinable public var count: Int { bytes.count / 2 }

  @inlinable public subscript(index: Int) -> UInt32 { UInt32(bytes[2 * index]) << 8 | UInt32(bytes[2 * index + 1]) }

  @inlinable
  public func asciiQuad(at index: Int) -> UInt32? {
    let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + 2 * index).loadUnaligned(as: UInt64.self))
    guard word & 0x80FF_80FF_80FF_80FF == 0 else { return nil }
    return UInt32(
      truncatingIfNeeded: word >> 8 & 0xFF | word >> 16 & 0xFF00 | word >> 24 & 0xFF_0000 | word >> 32 & 0xFF00_0000)
  }
}
