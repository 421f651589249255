/// A fast test for whether an escaper has any work to do, over the UTF-8
/// bytes of a string: escapers return most report values unchanged, and
/// walking `unicodeScalars` to find that out costs more than the rest of
/// a row.
package enum ScalarScan {
  /// Whether `text` holds an ASCII byte in `ascii`, or a non-ASCII scalar
  /// (its value) for which `nonASCII` is true. Non-ASCII scalars are
  /// decoded only when their lead byte is at least `nonASCIIFrom` (e.g.
  /// 0xC2: every scalar from U+0080; 0xE2: from U+2000; 0xFF: none) and
  /// bit `lead - 0xC0` of `decodedLeads` is set: an escaper whose
  /// non-ASCII scalars all have a few lead bytes skips the others (the
  /// accented letters of most text) without decoding them.
  @inlinable
  package static func contains(
    _ text: String, ascii: ASCIISet, nonASCIIFrom: UInt8 = 0xC2, decodedLeads: UInt64 = ~0,
    nonASCII: (UInt32) -> Bool
  ) -> Bool {
    text.withUTF8Bytes {
      contains($0, ascii: ascii, nonASCIIFrom: nonASCIIFrom, decodedLeads: decodedLeads, nonASCII: nonASCII)
    }
  }

  /// ``contains(_:ascii:nonASCIIFrom:decodedLeads:nonASCII:)`` over a string's UTF-8 bytes (valid UTF-8).
  @inlinable
  package static func contains(
    _ bytes: UnsafeBufferPointer<UInt8>, ascii: ASCIISet, nonASCIIFrom: UInt8 = 0xC2, decodedLeads: UInt64 = ~0,
    nonASCII: (UInt32) -> Bool
  ) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = base[index]
      if lead < 0x80 {
        if ascii.contains(lead) { return true }
        index += 1
        continue
      }
      let length = sequenceLength(lead)
      if lead >= nonASCIIFrom, decodedLeads >> UInt64(lead & 0x3F) & 1 != 0,
        nonASCII(scalar(in: bytes, at: index).value)
      {
        return true
      }
      index += length
    }
    return false
  }

  /// The length in bytes of the UTF-8 sequence a lead byte starts (valid
  /// UTF-8, as a String's is: the lead byte says it).
  @inlinable
  package static func sequenceLength(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
  }

  /// The scalar value starting at byte `index` of valid UTF-8, and its
  /// length in bytes (RFC 3629 §3).
  @inlinable
  package static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
    let lead = bytes[index]
    let length = sequenceLength(lead)
    if length == 1 { return (UInt32(lead), 1) }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return (value, length)
  }
}

extension String {
  /// Calls `body` with the string's UTF-8 bytes: in place when they are
  /// contiguous (native strings), else from a copy. `withUTF8` alone needs
  /// a mutable copy of the string, a retain and a release per call, which
  /// the escapers and the output buffer pay for every value they see.
  @inlinable
  package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return try copy.withUTF8(body)
  }
}

/// The lead bytes (bit `lead - 0xC0`) of every scalar the HTML and
/// Markdown escapers change: 0xC2 (C1 controls, U+0080–U+009F), 0xE2
/// (U+2028, U+2029 and the bidi controls U+202A–U+202E, U+2066–U+2069),
/// 0xEF (noncharacters U+FDD0–U+FDEF, U+FFFE, U+FFFF) and 0xF0–0xF4 (the
/// other planes' noncharacters). Checked against every scalar by a test.
package enum EscapedLeads {
  package static let htmlAndMarkdown: UInt64 =
    1 << (0xC2 - 0xC0) | 1 << (0xE2 - 0xC0) | 1 << (0xEF - 0xC0) | 0b11111 << (0xF0 - 0xC0)
}

/// A set of ASCII bytes as a 128-bit map: one shift and mask per byte,
/// where a closure or a table lookup per byte dominated the scan.
package struct ASCIISet: Sendable {
  @usableFromInline let low: UInt64
  @usableFromInline let high: UInt64

  /// The bytes below 0x80 for which `member` is true.
  package init(_ member: (UInt8) -> Bool) {
    var (low, high): (UInt64, UInt64) = (0, 0)
    for byte in UInt8(0)..<0x80 where member(byte) {
      if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }
    (self.low, self.high) = (low, high)
  }

  /// Whether `byte` (below 0x80) is in the set.
  @inlinable
  package func contains(_ byte: UInt8) -> Bool {
    ((byte < 64 ? low : high) >> UInt64(byte & 63)) & 1 != 0
  }
}
