import Foundation

/// A strict look at every `<date>` of an XML property list.
///
/// Foundation's parser rolls impossible dates over (`2026-13-45T99:00:00Z`
/// becomes a date in 2027) instead of refusing them, so a corrupt or
/// hand-edited file would silently move tasks. The plist DTD's date form
/// is ISO 8601 `YYYY-MM-DDTHH:MM:SSZ` in UTC; anything else is refused.
enum XMLDateCheck {
  /// The first `<date>` whose text is not a real UTC date-time, with its
  /// 1-based line, or nil. Binary plists (no `<date>` text) pass.
  static func firstInvalid(in data: Data) -> (line: Int, text: String)? {
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (Int, String)? in
      let bytes = raw.bindMemory(to: UInt8.self)
      guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }),
        bytes[first] == UInt8(ascii: "<")
      else { return nil }
      let open = Array("<date>".utf8)
      let close = UInt8(ascii: "<")
      var line = 1
      var index = first
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x0A { line += 1 }
        if byte == open[0], index + open.count <= bytes.count,
          zip(open.indices, open).allSatisfy({ bytes[index + $0] == $1 })
        {
          let start = index + open.count
          var end = start
          while end < bytes.count, bytes[end] != close { end += 1 }
          let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
          if !isValid(text) { return (line, text) }
          index = end
          continue
        }
        index += 1
      }
      return nil
    }
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` with real calendar values.
  static func isValid(_ text: String) -> Bool {
    let b = Array(text.utf8)
    guard b.count == 20, b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58, b[19] == 90
    else { return false }
    func number(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in b[from..<from + count] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1...12).contains(month), hour < 24, minute < 60, second < 60, day >= 1
    else { return false }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return day <= lengths[month - 1]
  }
}
