import Foundation
import Testing

@testable import PosttimReport

/// JSON strings are escaped byte-wise (`JSONText.write`); held to a
/// scalar-wise reference written from the rules (RFC 8259 §7, plus DEL,
/// C1 controls, U+2028 and U+2029).
@Suite("JSON string escaping against a scalar-wise reference")
struct JSONTextDifferentialTests {
  static func reference(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Scalars around every boundary the byte scan looks at.
  static let alphabet: [Unicode.Scalar] =
    (0..<0x80).compactMap(Unicode.Scalar.init)
    + [
      0x80, 0x85, 0x9B, 0x9F, 0xA0, 0xE9, 0x7FF, 0x800, 0x2027, 0x2028, 0x2029, 0x202A, 0x202F, 0x2212, 0xFEFF,
      0xFFFD, 0x1F382, 0x10FFFF,
    ].compactMap(Unicode.Scalar.init)

  @Test("random strings: the reference's escaping, byte for byte")
  func random() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        text.unicodeScalars.append(Self.alphabet.randomElement(using: &generator)!)
      }
      #expect(JSONText.string(text) == Self.reference(text), "\(Array(text.unicodeScalars))")
    }
  }

  @Test("every scalar of the alphabet alone, and long runs with one escape at the end")
  func singles() {
    for scalar in Self.alphabet {
      let text = String(Character(scalar))
      #expect(JSONText.string(text) == Self.reference(text))
      let long = String(repeating: "é", count: 100) + text
      #expect(JSONText.string(long) == Self.reference(long))
    }
    #expect(JSONText.string("a\u{9B}b\u{2028}\"\\\u{7F}") == "\"a\\u009bb\\u2028\\\"\\\\\\u007f\"")
  }
}
