import Foundation
import PosttimTemplating
import PosttimICU

extension TaskEntry {
  /// An ID derived from the task's content (date, title, importance,
  /// description), the same on every run: HTML anchors and iCalendar UIDs
  /// use it, so a subscribed calendar updates instead of duplicating.
  /// FNV-1a, 64 bits, as 16 hex digits prefixed "task-".
  public var stableID: String {
    var hash = FNV1a()
    // The fields joined by U+001F (unit separator), hashed as UTF-8.
    hash.mix(ISO8601.utcString(date))
    for field in [title, String(importance), details] {
      hash.mix(0x1F)
      hash.mix(field)
    }
    return "task-" + hash.hex
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
    text.withUTF8Bytes { bytes in
      for byte in bytes { mix(byte) }
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
