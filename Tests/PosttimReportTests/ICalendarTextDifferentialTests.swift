import Foundation
import Testing
import TestSupport

@testable import PosttimReport

/// iCalendar TEXT escaping and line folding work on bytes
/// (``ICalendarLines``); held to scalar-wise references written from the
/// rules (RFC 5545 §3.3.11 and §3.1).
@Suite("iCalendar escaping and folding against scalar-wise references")
struct ICalendarTextDifferentialTests {
  static func escapedReference(_ text: String) -> String {
    var result = ""
    var afterCR = false
    for scalar in text.unicodeScalars {
      defer { afterCR = scalar == "\r" }
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\r", "\u{85}", "\u{2028}", "\u{2029}": result += "\\n"
      case "\n": if !afterCR { result += "\\n" }
      case "\t": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func foldedReference(_ line: String) -> String {
    var result = ""
    var octets = 0
    for scalar in line.unicodeScalars {
      let width = UTF8.width(scalar)
      if octets + width > ICalendarText.maximumLineOctets {
        result += "\r\n "
        octets = 1
      }
      result.unicodeScalars.append(scalar)
      octets += width
    }
    return result + "\r\n"
  }

  /// Scalars around every boundary the byte scan looks at, of every UTF-8 length.
  static let alphabet: [Unicode.Scalar] =
    (0..<0x80).compactMap(Unicode.Scalar.init)
    + [
      0x80, 0x84, 0x85, 0x86, 0x9B, 0x9F, 0xA0, 0xE9, 0x7FF, 0x800, 0x2027, 0x2028, 0x2029, 0x202A, 0x202E,
      0xFEFF, 0xFFFD, 0x1F382, 0x10FFFF,
    ].compactMap(Unicode.Scalar.init)

  /// `count` texts of `length` scalars drawn from ``alphabet`` (seeded), each handed to `check`.
  static func randomTexts(seed: UInt64, count: Int, length: ClosedRange<Int>, _ check: (String) -> Void) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<count {
      var text = ""
      for _ in 0..<Int.random(in: length, using: &generator) {
        text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
      }
      check(text)
    }
  }

  @Test("random values: the reference's escaping, byte for byte")
  func escaping() {
    Self.randomTexts(seed: 0x1CA1, count: 5_000, length: 0...40) { text in
      #expect(ICalendarText.escapedText(text) == Self.escapedReference(text), "\(Array(text.unicodeScalars))")
    }
  }

  @Test("random lines of 0 to 400 scalars: folded as the reference folds them")
  func folding() {
    Self.randomTexts(seed: 0xF01D, count: 2_000, length: 0...400) { line in
      #expect(ICalendarText.folded(line) == Self.foldedReference(line), "\(Array(line.unicodeScalars))")
    }
  }

  @Test("every scalar of the alphabet alone, after CR, and at the fold")
  func singles() {
    for scalar in Self.alphabet {
      let text = String(Character(scalar))
      #expect(ICalendarText.escapedText(text) == Self.escapedReference(text))
      #expect(ICalendarText.escapedText("\r" + text) == Self.escapedReference("\r" + text))
      for length in 72...75 {
        let line = String(repeating: "a", count: length) + text + "b"
        #expect(ICalendarText.folded(line) == Self.foldedReference(line))
      }
    }
  }

  @Test("UTC DATE-TIME values: the ISO text without - and :")
  func dateTimes() {
    #expect(ICalendarText.utcDateTime(fromISO: "2026-11-30T14:00:00Z") == "20261130T140000Z")
    #expect(ICalendarText.utcDateTime(fromISO: "0001-01-01T00:00:00Z") == "00010101T000000Z")
  }
}
