/// Whether an HTML or Markdown escaper changes a text at all, over its
/// UTF-8: escapers return most report values unchanged, and this answer
/// is most of their work on them.
///
/// A byte class per byte value, four bytes at a time while none of them
/// needs a closer look: 1 for an ASCII byte the escaper changes, 2 for the
/// lead byte of a scalar it may change (``EscapedLeads``), 0 for any other
/// byte (other leads and every continuation byte: their scalars are
/// copied as they are).
package struct EscapeScan: @unchecked Sendable {
  /// Unchecked Sendable: the table is written once, in `init`, and only read after.
  private let classes: UnsafePointer<UInt8>
  private let lineSeparators: Bool

  /// A scan for an escaper that changes the ASCII bytes in `ascii`, C1
  /// controls, noncharacters and bidi formatting characters, and U+2028
  /// and U+2029 too when `lineSeparators`. Made once per escaper (the
  /// table is never freed).
  package init(ascii: ASCIISet, lineSeparators: Bool) {
    let classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for byte in 0..<256 {
      classes[byte] =
        byte < 0x80
        ? (ascii.contains(UInt8(byte)) ? 1 : 0)
        : byte >= 0xC2 && EscapedLeads.htmlAndMarkdown >> UInt64(byte & 0x3F) & 1 != 0 ? 2 : 0
    }
    self.classes = UnsafePointer(classes)
    self.lineSeparators = lineSeparators
  }

  /// Whether the text whose UTF-8 (valid) is `bytes` holds a byte or
  /// scalar the escaper changes.
  package func finds(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let classes = classes
    let count = bytes.count
    var index = 0
    while true {
      while index &+ 4 <= count,
        classes[Int(base[index])] | classes[Int(base[index &+ 1])] | classes[Int(base[index &+ 2])]
          | classes[Int(base[index &+ 3])] == 0
      {
        index &+= 4
      }
      guard index < count else { return false }
      let lead = base[index]
      switch classes[Int(lead)] {
      case 0: index &+= 1
      case 1: return true
      default:
        // A lead shared with scalars the escaper changes: the next bytes
        // (there, in valid UTF-8) tell them apart without decoding, as
        // for the no-break space (C2 A0) and the minus sign (E2 88 92)
        // of French dates and numbers.
        let second = base[index &+ 1]
        switch lead {
        case 0xC2:
          if second < 0xA0 { return true }  // U+0080…U+009F: C1 controls
          index &+= 2
        case 0xE2:
          let third = base[index &+ 2]
          // U+202A…U+202E and U+2066…U+2069: bidi formatting; U+2028 and
          // U+2029 (E2 80 A8, A9) for an escaper that changes them.
          if second == 0x80 && ((0xAA...0xAE).contains(third) || lineSeparators && (third == 0xA8 || third == 0xA9))
            || second == 0x81 && (0xA6...0xA9).contains(third)
          {
            return true
          }
          index &+= 3
        case 0xEF:
          let third = base[index &+ 2]
          // U+FDD0…U+FDEF, U+FFFE and U+FFFF: noncharacters.
          if second == 0xB7 && (0x90...0xAF).contains(third) || second == 0xBF && third >= 0xBE { return true }
          index &+= 3
        default:
          let value = ScalarScan.scalar(in: bytes, at: index).value
          if HTMLEscaping.isForbidden(Unicode.Scalar(value)!) || BidiBalance.isFormatting(value) { return true }
          index &+= ScalarScan.sequenceLength(lead)
        }
      }
    }
  }
}
