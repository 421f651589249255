import FoundationEssentials

/// The text of an XML `<data>` element: Base64 (RFC 4648 §4) with white
/// space anywhere (Foundation writes it in indented lines of 68 or 76
/// characters) and optional `=` padding at the end.
enum PlistBase64 {
  private static let values: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      table[Int(byte)] = Int8(value)
    }
    return table
  }()

  /// The decoded bytes, or nil for a character outside the alphabet, data
  /// after padding, or a dangling single character.
  static func decode(_ text: [UInt8]) -> Data? {
    var output = Data(capacity: text.count / 4 * 3)
    var accumulator: UInt32 = 0
    var count = 0
    var padding = 0
    for byte in text {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
      if byte == UInt8(ascii: "=") {
        padding += 1
        continue
      }
      let value = values[Int(byte)]
      guard value >= 0, padding == 0 else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      count += 1
      if count == 4 {
        output.append(contentsOf: [UInt8(accumulator >> 16), UInt8(accumulator >> 8 & 0xFF), UInt8(accumulator & 0xFF)])
        accumulator = 0
        count = 0
      }
    }
    switch count {
    case 0: break
    case 2: output.append(UInt8(accumulator >> 4))
    case 3: output.append(contentsOf: [UInt8(accumulator >> 10), UInt8(accumulator >> 2 & 0xFF)])
    default: return nil
    }
    return output
  }
}
