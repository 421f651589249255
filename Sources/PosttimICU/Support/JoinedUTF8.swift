/// Calls `body` with `first` followed by `second`, copied side by side on
/// the stack: a kept date part and time part are lent as one text without
/// making (and freeing) a joined `String` per value.
func withJoinedUTF8(
  _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
  _ body: (UnsafeBufferPointer<UInt8>) -> Void
) {
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: first.count + second.count) { buffer in
    _ = UnsafeMutableBufferPointer(rebasing: buffer[..<first.count]).initialize(from: first)
    _ = UnsafeMutableBufferPointer(rebasing: buffer[first.count...]).initialize(from: second)
    body(UnsafeBufferPointer(buffer))
  }
}
