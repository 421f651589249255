/// An ``ICUNumberFormatter``'s output for whole numbers, written without
/// ICU: its ten digits and its grouping separator after the last three
/// digits (from four or five digits up), then every three or, as in hi_IN,
/// every two, learnt from ICU's own output and checked against it for
/// numbers of every length from 1 to 10 digits. A detail's entry number is
/// one ICU call per task otherwise (about 1,700 instructions, and a lock
/// the rendering threads share). A format that groups otherwise, adds
/// signs or marks, or writes a digit as more than one scalar has no model:
/// nil, and the caller asks ICU.
public struct GroupedIntegerDigits: Sendable {
  /// The ten digits' UTF-8, ``digitWidth`` bytes each.
  private let digits: [UInt8]
  private let digitWidth: Int
  private let separator: [UInt8]
  /// The least number written with a separator: 1000, or 10000 where
  /// ICU's minimum grouping digits is 2.
  private let firstGrouped: Int
  /// Digits in each group before the last three: 3, or 2 (hi_IN's
  /// "1,00,000").
  private let secondaryGroup: Int

  /// Numbers the model writes; others go to ICU.
  public static let range = 0...9_999_999_999

  /// Numbers the model is checked against: every length, both sides of
  /// each grouping threshold, every digit in every place.
  static let samples: [Int] = {
    var samples = Array(0...21) + [99, 100, 101, 305, 999, 1_000, 1_001, 1_234, 9_999, 10_000, 10_001, 12_345]
    var power = 10
    while power <= 1_000_000_000 {
      samples += [power - 1, power, power + 1, power * 9 / 8]
      power *= 10
    }
    return samples + [1_234_567_890, 9_876_543_210, 9_999_999_999]
  }()

  /// The model of `formatter`'s whole numbers, or nil when ICU's output
  /// for a sample differs from it.
  public init?(_ formatter: ICUNumberFormatter) {
    var digits: [[UInt8]] = []
    for digit in 0...9 {
      guard let text = formatter.string(Double(digit)), text.unicodeScalars.count == 1 else { return nil }
      digits.append(Array(text.utf8))
    }
    guard digits.allSatisfy({ $0.count == digits[0].count }) else { return nil }
    // "1 000" or, with two minimum grouping digits, "1000" and "10 000".
    guard let thousand = formatter.string(1_000).map({ Array($0.utf8) }),
      let tenThousand = formatter.string(10_000).map({ Array($0.utf8) })
    else { return nil }
    let (one, zero) = (digits[1], digits[0])
    let (grouped, groupedFrom) = thousand == one + zero + zero + zero ? (tenThousand, 5) : (thousand, 4)
    let leading = groupedFrom == 5 ? one + zero : one
    let tail = zero + zero + zero
    guard grouped.count > leading.count + tail.count, grouped.starts(with: leading),
      Array(grouped.suffix(tail.count)) == tail
    else { return nil }
    self.digits = digits.flatMap { $0 }
    digitWidth = digits[0].count
    separator = Array(grouped[leading.count..<(grouped.count - tail.count)])
    firstGrouped = groupedFrom == 5 ? 10_000 : 1_000
    // A million shows the groups before the last three: "1 000 000" or "10,00,000".
    guard let million = formatter.string(1_000_000).map({ Array($0.utf8) }) else { return nil }
    let byTwo = one + zero + separator + zero + zero + separator + tail
    secondaryGroup = million == byTwo ? 2 : 3
    for sample in Self.samples {
      var written: [UInt8] = []
      guard let text = formatter.string(Double(sample)), withUTF8(sample, { written = Array($0) }),
        written == Array(text.utf8)
      else { return nil }
    }
  }

  /// Calls `body` with `value` written as the formatter writes it; false,
  /// without calling `body`, outside ``range``.
  public func withUTF8(_ value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    guard Self.range.contains(value) else { return false }
    let grouped = value >= firstGrouped
    let width = digitWidth
    // At most 10 digits and 4 separators (``range``, groups of two after
    // the last three), written from the last digit back: one division by
    // the constant 10 per digit, a separator after each group (a division
    // by a varying power of ten, a bounds check per byte and a remainder
    // per digit cost 300 to 500 instructions a source line). `start` stays
    // at or above 0: at most 10 digits and 4 separators are written; a
    // digit's bytes are `digits[d * width ..< (d + 1) * width]` with d ≤ 9.
    let capacity = 10 * width + 4 * separator.count
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      digits.withUnsafeBufferPointer { digits in
        separator.withUnsafeBufferPointer { separator in
          let base = buffer.baseAddress!
          var start = capacity
          var rest = value
          var inGroup = 0
          var groupSize = 3
          // Byte by byte: a digit is one to four bytes, a separator two or
          // three, where a call to copy them cost more than the copy.
          func put(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
            start &-= count
            for offset in 0..<count { base[start &+ offset] = bytes[offset] }
          }
          repeat {
            if grouped, inGroup == groupSize {
              put(separator.baseAddress!, separator.count)
              inGroup = 0
              groupSize = secondaryGroup
            }
            let digit = rest % 10
            rest /= 10
            if width == 1 {
              start &-= 1
              base[start] = digits[digit]
            } else {
              put(digits.baseAddress! + digit &* width, width)
            }
            inGroup &+= 1
          } while rest > 0
          body(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
      }
    }
    return true
  }

}
