/// A fast test for whether an escaper has any work to do, over the UTF-8
/// bytes of a string: escapers return most report values unchanged, and
/// walking `unicodeScalars` to find that out costs more than the rest of
/// a row.
public enum ScalarScan {
  /// Whether `text` holds an ASCII byte for which `ascii` is true, or a
  /// non-ASCII scalar (its value) for which `nonASCII` is true.
  /// Non-ASCII scalars are decoded only when their lead byte is at least
  /// `nonASCIIFrom` (e.g. 0xC2: every scalar from U+0080; 0xE2: from U+2000).
  @inlinable
  public static func contains(
    _ text: String, nonASCIIFrom: UInt8 = 0xC2, ascii: (UInt8) -> Bool, nonASCII: (UInt32) -> Bool
  ) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      let count = bytes.count
      while index < count {
        let lead = bytes[index]
        if lead < 0x80 {
          if ascii(lead) { return true }
          index += 1
          continue
        }
        // A String's UTF-8 is valid: the lead byte gives the length.
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        if lead >= nonASCIIFrom {
          var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
          for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
          if nonASCII(value) { return true }
        }
        index += length
      }
      return false
    }
  }
}
