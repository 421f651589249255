import PosttimTemplating

/// FNV-1a, 64 bits (the offset basis and prime of the FNV reference), over
/// contiguous UTF-8: a generic byte sequence cost three times as much, and
/// an HTML report with details asks for every task's ID. Task IDs and the
/// roster's shards use it.
package struct FNV1a: HashInput {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  /// The hash so far.
  package var value: UInt64 { state }

  package mutating func mix(_ byte: UInt8) {
    state ^= UInt64(byte)
    state = state &* 0x0000_0100_0000_01b3
  }

  package mutating func mix(_ text: String) {
    text.withUTF8Bytes { mix($0) }
  }

  package mutating func mix(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { mix(byte) }
  }

  /// The hashes of four byte strings, computed together. Each byte of a
  /// hash is a multiply that waits for the one before (about 4 cycles);
  /// four independent hashes keep the multiplier busy between them, in
  /// about a third of the time of four in turn.
  package static func hashes(
    _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ c: UnsafeBufferPointer<UInt8>,
    _ d: UnsafeBufferPointer<UInt8>
  ) -> (UInt64, UInt64, UInt64, UInt64) {
    var (ha, hb, hc, hd) = (FNV1a(), FNV1a(), FNV1a(), FNV1a())
    let common = min(a.count, b.count, c.count, d.count)
    for index in 0..<common {
      ha.mix(a[index])
      hb.mix(b[index])
      hc.mix(c[index])
      hd.mix(d[index])
    }
    ha.mix(UnsafeBufferPointer(rebasing: a[common...]))
    hb.mix(UnsafeBufferPointer(rebasing: b[common...]))
    hc.mix(UnsafeBufferPointer(rebasing: c[common...]))
    hd.mix(UnsafeBufferPointer(rebasing: d[common...]))
    return (ha.value, hb.value, hc.value, hd.value)
  }

  /// The hash as 16 lowercase hex digits, zero-padded.
  package var hex: String {
    String(unsafeUninitializedCapacity: 16) { buffer in
      for index in 0..<16 {
        let nibble = UInt8(truncatingIfNeeded: state >> (60 - 4 * index)) & 0xF
        buffer[index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
      }
      return 16
    }
  }
}

/// What hashed bytes are given to: a hash, or a buffer that keeps them for
/// hashing later (``FNV1a/hashes(_:_:_:_:)``).
package protocol HashInput {
  mutating func mix(_ byte: UInt8)
  mutating func mix(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension HashInput {
  /// `value` as `String(value)` writes it ("-12"), without making the string.
  package mutating func mix(decimal value: Int) {
    if value < 0 { mix(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      mix(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    }
  }
}
