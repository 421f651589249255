/// Calls `body` with the UTF-8 of `first` followed by `second`, copied side
/// by side on the stack: a kept date part and time part are lent as one
/// text without making (and freeing) a joined `String` per value.
func withJoinedUTF8(_ first: String, _ second: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
  let firstCount = first.utf8.count
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: firstCount + second.utf8.count) { buffer in
    copyUTF8(of: first, to: buffer.baseAddress!)
    copyUTF8(of: second, to: buffer.baseAddress! + firstCount)
    body(UnsafeBufferPointer(buffer))
  }
}

/// Copies `text`'s UTF-8 to `destination`, which has room for it.
private func copyUTF8(of text: String, to destination: UnsafeMutablePointer<UInt8>) {
  let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
    guard let base = bytes.baseAddress else { return }
    destination.update(from: base, count: bytes.count)
  }
  guard copied == nil else { return }
  var index = 0
  for byte in text.utf8 {
    destination[index] = byte
    index += 1
  }
}
