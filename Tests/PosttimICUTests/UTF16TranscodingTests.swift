import Testing

@testable import PosttimICU
import TestSupport

/// `UTF16Transcoding` against the standard library's decoder, which it
/// replaces in ICU results and binary plist strings.
@Suite("UTF-16 to UTF-8 transcoding")
struct UTF16TranscodingTests {
  static func transcoded(_ units: [UInt16], repairing: Bool) -> String? {
    units.withUnsafeBufferPointer { buffer in
      UTF16Transcoding.string(count: buffer.count, repairing: repairing) { UInt32(buffer[$0]) }
    }
  }

  static func hasUnpairedSurrogate(_ units: [UInt16]) -> Bool {
    var iterator = units.makeIterator()
    var parser = UTF16.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .error: return true
      case .emptyInput: return false
      }
    }
  }

  /// Checks both modes on one sequence.
  static func check(_ units: [UInt16]) {
    let expected = String(decoding: units, as: UTF16.self)
    #expect(transcoded(units, repairing: true) == expected, "\(units)")
    let strict = transcoded(units, repairing: false)
    #expect(strict == (hasUnpairedSurrogate(units) ? nil : expected), "\(units)")
  }

  @Test("every single code unit")
  func singleUnits() {
    for unit in 0...0xFFFF { Self.check([UInt16(unit)]) }
  }

  @Test("every pairing of boundary units, including lone and reversed surrogates")
  func pairs() {
    let edges: [UInt16] = [
      0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF,
    ]
    for a in edges {
      for b in edges {
        Self.check([a, b])
        for c in edges { Self.check([a, b, c]) }
      }
    }
    Self.check([])
  }

  @Test("random sequences weighted towards surrogates")
  func random() {
    var generator = SplitMix64(seed: 0x5EED)
    let pool: [ClosedRange<UInt16>] = [
      0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF, 0xE000...0xFFFF,
    ]
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...12, using: &generator)
      Self.check((0..<length).map { _ in UInt16.random(in: pool.randomElement(using: &generator)!, using: &generator) })
    }
  }

  @Test("known strings")
  func known() {
    #expect(
      Self.transcoded(Array("Tiré de a.plist, entrée 17 444 😀".utf16), repairing: false)
        == "Tiré de a.plist, entrée 17 444 😀")
    #expect(Self.transcoded([0x61, 0xD800, 0x62], repairing: true) == "a\u{FFFD}b")
    #expect(Self.transcoded([0x61, 0xD800, 0x62], repairing: false) == nil)
  }
}
