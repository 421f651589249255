import Foundation

/// The text of XML `<integer>` and `<real>` elements.
enum PlistNumber {
  enum Integer: Equatable {
    case value(Int)
    /// A whole number outside Int64 (CoreFoundation keeps up to 128 bits),
    /// as the nearest Double: unknown keys keep it as a real number, as
    /// Foundation's decoder does.
    case beyond64Bits(Double)
  }

  /// An optional sign, then decimal digits or `0x` and hexadecimal digits.
  /// - Returns: nil for anything else (spaces included).
  static func integer(_ text: [UInt8]) -> Integer? {
    var index = 0
    var negative = false
    if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      index = 1
    }
    var radix: UInt64 = 10
    if text.count - index > 2, text[index] == UInt8(ascii: "0"), text[index + 1] | 0x20 == UInt8(ascii: "x") {
      radix = 16
      index += 2
    }
    guard index < text.count else { return nil }
    var magnitude: UInt64 = 0
    var overflow = false
    var approximate = 0.0
    for byte in text[index...] {
      let digit: UInt64
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(byte - 55)
      default: return nil
      }
      approximate = approximate * Double(radix) + Double(digit)
      let (times, o1) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, o2) = times.addingReportingOverflow(digit)
      overflow = overflow || o1 || o2
      magnitude = sum
    }
    if !overflow {
      if negative, magnitude <= UInt64(Int64.max) + 1 {
        return .value(magnitude == UInt64(Int64.max) + 1 ? Int.min : -Int(magnitude))
      }
      if !negative, magnitude <= UInt64(Int64.max) { return .value(Int(magnitude)) }
    }
    return .beyond64Bits(negative ? -approximate : approximate)
  }

  /// A decimal real as Swift's `Double(_:)` reads it (`1.5`, `-2e3`, `inf`,
  /// `nan`), without spaces.
  static func real(_ text: [UInt8]) -> Double? {
    Double(String(decoding: text, as: UTF8.self))
  }
}
