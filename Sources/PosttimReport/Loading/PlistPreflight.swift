import Foundation

/// Checks a property list's raw bytes before Foundation decodes them.
///
/// - Nesting: Foundation's decoder recurses once per level and a few
///   thousand nested arrays overflow the stack (a crash, not an error),
///   so lists nested deeper than ``depthLimit`` are refused first. XML is
///   scanned by tag; a binary plist's object graph is walked from its
///   trailer (Apple's bplist00 layout), cycles included.
/// - XML dates: Foundation rolls impossible dates over
///   (`2026-13-45T99:00:00Z` becomes a date in 2027), so every `<date>`
///   must be the plist DTD's `YYYY-MM-DDTHH:MM:SSZ` with real values.
enum PlistPreflight {
  /// Levels of arrays and dictionaries allowed: a task list needs 2, its
  /// unknown keys a few more.
  static let depthLimit = 100

  enum Problem: Equatable {
    case tooDeep
    /// A binary plist whose structure does not fit its own size.
    case malformed(String)
    /// A bad `<date>`: its 1-based line, the entry (from 1) when inside
    /// one, and its text.
    case badDate(line: Int, entry: Int?, text: String)
  }

  static func check(_ data: Data) -> Problem? {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      if bytes.starts(with: Array("bplist0".utf8)) {
        switch BinaryPlistCheck.problem(depthLimit: depthLimit, bytes) {
        case .tooDeep: return .tooDeep
        case .malformed(let reason): return .malformed(reason)
        case nil: return nil
        }
      }
      return scanXML(bytes)
    }
  }

  /// One pass over XML: tag depth, entry count, and `<date>` texts.
  static func scanXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
    let lt = UInt8(ascii: "<")
    func matches(_ word: [UInt8], at index: Int) -> Bool {
      index + word.count <= bytes.count && zip(word.indices, word).allSatisfy { bytes[index + $0] == $1 }
    }
    let array = Array("array".utf8), dict = Array("dict".utf8), date = Array("date>".utf8)
    let comment = Array("!--".utf8), cdata = Array("![CDATA[".utf8)
    var line = 1, depth = 0, entry = 0, index = 0
    /// Index just past the first occurrence of `end` from `index`.
    func skip(past end: [UInt8], from start: Int) -> Int {
      var i = start
      while i < bytes.count, !matches(end, at: i) {
        if bytes[i] == 0x0A { line += 1 }
        i += 1
      }
      return min(i + end.count, bytes.count)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A { line += 1 }
      guard byte == lt else { index += 1; continue }
      let tag = index + 1
      if matches(comment, at: tag) { index = skip(past: Array("-->".utf8), from: tag); continue }
      if matches(cdata, at: tag) { index = skip(past: Array("]]>".utf8), from: tag); continue }
      let closing = tag < bytes.count && bytes[tag] == UInt8(ascii: "/")
      let name = closing ? tag + 1 : tag
      let isDict = matches(dict, at: name)
      if isDict || matches(array, at: name) {
        var after = name + (isDict ? dict.count : array.count)
        // XML allows white space before `>` (`<array >`, `<dict\t/>`).
        let nameEnds = after < bytes.count && [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F].contains(bytes[after])
        while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) {
          if bytes[after] == 0x0A { line += 1 }
          after += 1
        }
        let selfClosing = matches(Array("/>".utf8), at: after)
        if !nameEnds {
          // <arrayish>: not our tag.
        } else if closing {
          depth -= 1
        } else if after < bytes.count, bytes[after] == UInt8(ascii: ">") || selfClosing {
          if depth == 1 && isDict { entry += 1 }
          if !selfClosing {
            depth += 1
            if depth > depthLimit { return .tooDeep }
          }
        }
      } else if !closing, matches(date, at: name) {
        let start = name + date.count
        var end = start
        while end < bytes.count, bytes[end] != lt { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if !isValidDate(text) { return .badDate(line: line, entry: depth >= 2 && entry > 0 ? entry : nil, text: text) }
        index = end
        continue
      }
      index += 1
    }
    return nil
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` with real calendar values.
  static func isValidDate(_ text: String) -> Bool {
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
