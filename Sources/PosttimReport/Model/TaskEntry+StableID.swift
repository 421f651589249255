import Foundation
import PosttimICU

extension TaskEntry {
  /// An ID derived from the task's content (date, title, importance,
  /// description), the same on every run: HTML anchors and iCalendar UIDs
  /// use it, so a subscribed calendar updates instead of duplicating.
  /// FNV-1a, 64 bits, as 16 hex digits prefixed "task-".
  public var stableID: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix<S: Sequence<UInt8>>(_ bytes: S) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
    }
    // The fields joined by U+001F (unit separator), hashed as UTF-8.
    mix(ISO8601.utcString(date).utf8)
    for field in [title, String(importance), details] {
      mix(CollectionOfOne(0x1F))
      mix(field.utf8)
    }
    let hex = String(hash, radix: 16)
    return "task-" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
