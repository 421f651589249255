import Foundation
import PosttimICU
import PosttimTemplating

extension TaskEntry {
  /// An ID derived from the task's content (date, title, importance,
  /// description), the same on every run: HTML anchors and iCalendar UIDs
  /// use it, so a subscribed calendar updates instead of duplicating.
  /// FNV-1a, 64 bits, as 16 hex digits prefixed "task-".
  public var stableID: String { TaskAnchorText.anchor(stableHash, twin: 1) }

  /// The 64-bit FNV-1a hash behind ``stableID``: the date (ISO 8601, UTC),
  /// title, importance (decimal) and description, joined by U+001F (unit
  /// separator), as UTF-8. Hashed field by field, with no joined string.
  var stableHash: UInt64 { Self.stableHash(date: date, title: title, importance: importance, details: details) }

  /// ``stableHash`` of these fields: a caller reading them in place in an
  /// array copies no entry (a copy retains each of its references).
  static func stableHash(date: Date, title: String, importance: Int, details: String) -> UInt64 {
    title.withUTF8Bytes { title in
      details.withUTF8Bytes { stableHash(date: date, title: title, importance: importance, details: $0) }
    }
  }

  /// ``stableHash`` of the entry at `entry`, its texts read in place where
  /// they are stored out of line: passing them on, even borrowed, retains
  /// each (an atomic write to a line not yet in the cache).
  static func stableHash(at entry: UnsafePointer<TaskEntry>) -> UInt64 {
    guard let title = entry.pointee.title.storedUTF8, let details = entry.pointee.details.storedUTF8 else {
      return stableHash(
        date: entry.pointee.date, title: entry.pointee.title, importance: entry.pointee.importance,
        details: entry.pointee.details)
    }
    return stableHash(date: entry.pointee.date, title: title, importance: entry.pointee.importance, details: details)
  }

  /// The hash of the fields, the texts as UTF-8, in their order.
  private static func stableHash(
    date: Date, title: UnsafeBufferPointer<UInt8>, importance: Int, details: UnsafeBufferPointer<UInt8>
  ) -> UInt64 {
    var hash = FNV1a()
    ISO8601.withUTCUTF8(date) { hash.mix($0) }
    hash.mix(0x1F)
    hash.mix(title)
    hash.mix(0x1F)
    hash.mix(decimal: importance)
    hash.mix(0x1F)
    hash.mix(details)
    return hash.value
  }
}

/// FNV-1a, 64 bits (the offset basis and prime of the FNV reference), over
/// contiguous UTF-8: a generic byte sequence cost three times as much, and
/// an HTML report with details asks for every task's ID. Task IDs and the
/// roster's shards use it.
package struct FNV1a {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  /// The hash so far.
  package var value: UInt64 { state }

  package mutating func mix(_ byte: UInt8) {
    state ^= UInt64(byte)
    state = state &* 0x0000_0100_0000_01b3
  }

  package mutating func mix(_ text: String) {
    text.withUTF8Bytes { mix($0) }
  }

  package mutating func mix(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { mix(byte) }
  }

  /// `value` as `String(value)` writes it ("-12"), without making the string.
  package mutating func mix(decimal value: Int) {
    if value < 0 { mix(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      mix(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    }
  }

  /// The hash as 16 lowercase hex digits, zero-padded.
  package var hex: String {
    String(unsafeUninitializedCapacity: 16) { buffer in
      for index in 0..<16 {
        let nibble = UInt8(truncatingIfNeeded: state >> (60 - 4 * index)) & 0xF
        buffer[index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
      }
      return 16
    }
  }
}

/// The text of an anchor: "task-" and 16 lowercase hex digits, then "-2",
/// "-3"… for the later twins of a task (``TaskAnchors``).
enum TaskAnchorText {
  /// Bytes an anchor takes at most: "task-" 5 + 16 hex digits + "-" + at most 19 digits.
  static let maximumLength = 41

  static func anchor(_ hash: UInt64, twin: Int) -> String {
    String(unsafeUninitializedCapacity: maximumLength) { write(hash, twin: twin, into: $0) }
  }

  /// Writes the anchor's ASCII at the start of `buffer` (at least
  /// ``maximumLength`` bytes); returns its length.
  static func write(_ hash: UInt64, twin: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var count = 0
    for byte in "task-".utf8 {
      buffer[count] = byte
      count += 1
    }
    for index in 0..<16 {
      let nibble = UInt8(truncatingIfNeeded: hash >> (60 - 4 * index)) & 0xF
      buffer[count] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
      count += 1
    }
    guard twin > 1 else { return count }
    buffer[count] = UInt8(ascii: "-")
    count += 1
    var divisor = 1
    while twin / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      buffer[count] = UInt8(ascii: "0") + UInt8(twin / divisor % 10)
      count += 1
      divisor /= 10
    }
    return count
  }
}
