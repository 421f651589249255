import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes read from a stream into memory the system may refuse: a failed
/// allocation is an error naming the input (exit 71), where `Data` or an
/// array would end the process.
final class StreamBuffer {
  private var base: UnsafeMutableRawPointer?
  private var capacity = 0
  private(set) var count = 0
  let file: String
  /// The most it will hold: growth stops there, however the stream goes on.
  let limit: Int

  init(file: String, limit: Int) {
    self.file = file
    self.limit = limit
  }

  deinit { free(base) }

  /// Reads once from `descriptor`, at most `atMost` bytes.
  /// - Returns: the bytes read, 0 at the end of the stream.
  /// - Throws: ``TaskListError`` `.notFound` when the read fails,
  ///   `.systemLimit` when memory for the bytes is refused.
  func read(from descriptor: Int32, atMost: Int) throws(TaskListError) -> Int {
    try reserve(atMost)
    while true {
      let read = Glibc.read(descriptor, base! + count, atMost)
      if read >= 0 {
        count += read
        return read
      }
      if errno != EINTR { throw TaskListError.unreadable(file, errno: errno) }
    }
  }

  private func reserve(_ extra: Int) throws(TaskListError) {
    guard count + extra > capacity else { return }
    // Doubling, but never past what the limit can need.
    let wanted = min(max(count + extra, 2 * capacity, 1 << 16), limit + extra)
    guard let grown = realloc(base, wanted) else {
      throw TaskListError(
        .systemLimit, file: file,
        message: "cannot be held in memory (\(count >> 20) MiB read: \(String(cString: strerror(ENOMEM))))")
    }
    base = grown
    capacity = wanted
  }

  /// The bytes held so far.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws(TaskListError) -> Result) throws(TaskListError)
    -> Result
  {
    try body(UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: count))
  }

  /// The bytes as `Data` that now owns (and frees) the memory; the buffer is empty after.
  func takeData() -> Data {
    guard let base else { return Data() }
    self.base = nil
    defer { count = 0; capacity = 0 }
    return Data(bytesNoCopy: base, count: count, deallocator: .free)
  }
}
