import Testing

@testable import PosttimICU
import TestSupport

/// `UTF16Transcoding` against the standard library's decoder, which it
/// replaces in ICU results and binary plist strings.
@Suite("UTF-16 to UTF-8 transcoding")
struct UTF16TranscodingTests {
  /// The units transcoded from memory in the machine's order; the same
  /// units stored big-endian (as in a binary plist) must give the same.
  static func transcoded(_ units: [UInt16], repairing: Bool) -> String? {
    let native = units.withUnsafeBufferPointer { UTF16Transcoding.string(NativeUTF16Units($0), repairing: repairing) }
    let bigEndian = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }.withUnsafeBufferPointer {
      UTF16Transcoding.string(BigEndianUTF16Units($0), repairing: repairing)
    }
    #expect(bigEndian == native, "\(units)")
    return native
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
    let repaired = transcoded(units, repairing: true)
    #expect(repaired == expected, "\(units)")
    // The string is made unchecked, told whether it is ASCII: its UTF-16
    // view trusts that (an ASCII string's units are its bytes).
    #expect(repaired.map { Array($0.utf16) } == Array(expected.utf16), "\(units)")
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

  @Test("ASCII runs of every length around four units, between and beside other units")
  func asciiRuns() {
    let others: [[UInt16]] = [[], [0xE9], [0x2014], [0xD83D, 0xDE00], [0xD800], [0x80]]
    for before in others {
      for after in others {
        for length in 0...13 {
          let run = (0..<length).map { UInt16(0x20 + ($0 * 7) % 0x60) }
          Self.check(before + run + after)
          Self.check(run + before + run + after + run)
        }
      }
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
