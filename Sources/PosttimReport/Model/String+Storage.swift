extension String {
  /// The UTF-8 of a text stored out of line (more than 15 bytes: a small
  /// string's bytes are a copy made for the call), else nil. The bytes stay
  /// valid while the string's owner holds it unchanged (a constant array of
  /// entries, a kept text). Taking them without a call that may release
  /// anything spares the retain that lending the text to an opaque closure
  /// makes: an atomic write to a line not yet in the cache, where a plain
  /// read overlaps with other work.
  var storedUTF8: UnsafeBufferPointer<UInt8>? {
    guard utf8.count > 15 else { return nil }
    return utf8.withContiguousStorageIfAvailable { $0 }
  }
}

extension String {
  /// The same text in storage of its own: the tasks one core makes
  /// share a copy of their file's path, not the one every core retains
  /// (each retain is a write to that string's cache line).
  var ownCopy: String { String(decoding: Array(utf8), as: UTF8.self) }
}
