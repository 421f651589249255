import Foundation
import PosttimReport

/// Checks a property list's raw bytes before Foundation decodes them.
///
/// - Nesting: Foundation's decoder recurses once per level and a few
///   thousand nested arrays overflow the stack (a crash, not an error),
///   so lists nested deeper than ``depthLimit`` are refused first. XML is
///   scanned by tag; a binary plist's object graph is walked from its
///   trailer (Apple's bplist00 layout), cycles included.
/// - XML numbers: `<integer>` and `<real>` texts must be ASCII (see
///   ``Problem/badNumber(line:)``).
/// - XML dates: Foundation rolls impossible dates over
///   (`2026-13-45T99:00:00Z` becomes a date in 2027), so every `<date>`
///   must be the plist DTD's `YYYY-MM-DDTHH:MM:SSZ` with real values.
enum PlistPreflight {
  /// Levels of arrays and dictionaries allowed: the production readers'.
  static let depthLimit = TaskListDecoder.depthLimit

  enum Problem: Equatable {
    case tooDeep
    /// A bad `<date>`: its 1-based line, the entry (from 1) when inside
    /// one, and its text.
    case badDate(line: Int, entry: Int?, text: String)
    /// An `<integer>` or `<real>` whose text holds a non-ASCII byte, at its
    /// 1-based line. Foundation's integer scanner traps (a crash, not an
    /// error) on some invalid UTF-8 there, and no number needs non-ASCII.
    case badNumber(line: Int)
    /// A binary plist whose structure does not fit its own size
    /// (Foundation's binary scanner traps on some such files).
    case malformed(String)
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
      if let utf8 = utf16AsUTF8(bytes) { return utf8.withUnsafeBufferPointer { scanXML($0) } }
      return scanXML(bytes)
    }
  }

  /// Foundation reads XML that starts with a UTF-16 byte order mark as
  /// UTF-16, where no tag is visible to a byte scan: the scan must see
  /// the same text. Invalid units become U+FFFD; tags are ASCII.
  static func utf16AsUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard bytes.count >= 2 else { return nil }
    let bigEndian: Bool
    switch (bytes[0], bytes[1]) {
    case (0xFE, 0xFF): bigEndian = true
    case (0xFF, 0xFE): bigEndian = false
    default: return nil
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 2
    while index + 1 < bytes.count {
      let high = bigEndian ? bytes[index] : bytes[index + 1], low = bigEndian ? bytes[index + 1] : bytes[index]
      units.append(UInt16(high) << 8 | UInt16(low))
      index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
  }

  /// One pass over XML: tag depth, entry count, and `<date>` texts.
  ///
  /// Tags are read the way Foundation's XML plist scanner reads them, so
  /// that no nesting escapes the count: a tag is known by the first letters
  /// of its name (`<arrayx>` is an array) and runs to the first `>`
  /// whatever lies between (spaces, attributes, a line break); a `/` just
  /// before that `>` makes it empty. Comments, CDATA sections and
  /// processing instructions are skipped whole, so a `</array>` inside
  /// them does not lower the depth, and nothing lowers it below 0.
  static func scanXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
    let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
    func matches(_ word: [UInt8], at index: Int) -> Bool {
      index + word.count <= bytes.count && zip(word.indices, word).allSatisfy { bytes[index + $0] == $1 }
    }
    let array = Array("array".utf8), dict = Array("dict".utf8), date = Array("date".utf8)
    let integer = Array("integer".utf8), real = Array("real".utf8)
    let comment = Array("!--".utf8), cdata = Array("![CDATA[".utf8), instruction = Array("?".utf8)
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
      if matches(instruction, at: tag) { index = skip(past: Array("?>".utf8), from: tag); continue }
      let closing = tag < bytes.count && bytes[tag] == slash
      let name = closing ? tag + 1 : tag
      let tagLine = line
      let end = skip(past: [gt], from: name)
      let empty = end - name >= 2 && bytes[end - 1] == gt && bytes[end - 2] == slash
      index = end
      let isDict = matches(dict, at: name)
      if isDict || matches(array, at: name) {
        if closing {
          depth = max(0, depth - 1)
        } else {
          if depth == 1 && isDict { entry += 1 }
          if !empty {
            depth += 1
            if depth > depthLimit { return .tooDeep }
          }
        }
      } else if !closing, !empty, matches(date, at: name) {
        var stop = end
        while stop < bytes.count, bytes[stop] != lt { stop += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[end..<stop]), as: UTF8.self)
        if !isValidDate(text) {
          return .badDate(line: tagLine, entry: depth >= 2 && entry > 0 ? entry : nil, text: text)
        }
      } else if !closing, !empty, matches(integer, at: name) || matches(real, at: name) {
        var stop = end
        while stop < bytes.count, bytes[stop] != lt {
          if bytes[stop] >= 0x80 { return .badNumber(line: tagLine) }
          stop += 1
        }
      }
    }
    return nil
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` with real calendar values.
  static func isValidDate(_ text: String) -> Bool { PlistDate.seconds(Array(text.utf8)) != nil }
}
