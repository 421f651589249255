import FoundationEssentials

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

  /// A `<real>`'s text as Python's plistlib reads it (`float()`, the
  /// reference reader): ASCII white space around, an optional sign, then
  /// `inf`, `infinity` or `nan` in any case, or decimal digits with an
  /// optional `.` and exponent (`5`, `5.`, `.5`, `1e-3`), a single `_`
  /// allowed between two digits. No hexadecimal (`0x5`, `0x1p3`), which
  /// C's strtod and Swift's `Double(_:)` accept.
  /// - Returns: nil for anything else.
  static func real(_ text: [UInt8]) -> Double? {
    let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
    var body = text[...].drop(while: isSpace)
    while let last = body.last, isSpace(last) { body = body.dropLast() }
    var sign = 1.0
    if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      if first == UInt8(ascii: "-") { sign = -1 }
      body = body.dropFirst()
    }
    switch String(decoding: body, as: UTF8.self).lowercased() {
    case "inf", "infinity": return sign * .infinity
    case "nan": return sign < 0 ? -.nan : .nan
    default: break
    }
    var digits: [UInt8] = []
    var index = body.startIndex
    /// Digits, `_` only between two; how many digits.
    func digitRun() -> Int {
      var count = 0
      while index < body.endIndex {
        let byte = body[index]
        if (0x30...0x39).contains(byte) {
          digits.append(byte)
          count += 1
        } else if byte == UInt8(ascii: "_"), count > 0, index + 1 < body.endIndex,
          (0x30...0x39).contains(body[index + 1])
        {
          // Dropped: Double(_:) reads no separators.
        } else {
          break
        }
        index += 1
      }
      return count
    }
    var mantissa = digitRun()
    if index < body.endIndex, body[index] == UInt8(ascii: ".") {
      digits.append(UInt8(ascii: "."))
      index += 1
      mantissa += digitRun()
    }
    guard mantissa > 0 else { return nil }
    if index < body.endIndex, body[index] | 0x20 == UInt8(ascii: "e") {
      digits.append(UInt8(ascii: "e"))
      index += 1
      if index < body.endIndex, body[index] == UInt8(ascii: "+") || body[index] == UInt8(ascii: "-") {
        digits.append(body[index])
        index += 1
      }
      guard digitRun() > 0 else { return nil }
    }
    guard index == body.endIndex, let magnitude = Double(String(decoding: digits, as: UTF8.self)) else { return nil }
    return sign * magnitude
  }
}
