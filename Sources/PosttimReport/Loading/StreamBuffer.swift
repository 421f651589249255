import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes read from a descriptor into memory the system may refuse: a failed
/// allocation is an error the caller reports, where `Data` or an array
/// would end the process.
final class StreamBuffer {
  /// Why reading stopped.
  enum Failure: Error {
    /// `read` failed with this `errno`.
    case unreadable(errno: Int32)
    /// Memory for more bytes was refused, with this many held.
    case outOfMemory(held: Int)

    /// The system's words: "Bad file descriptor", "Cannot allocate memory (12 MiB read)".
    var reason: String {
      switch self {
      case .unreadable(let code): return String(cString: strerror(code))
      case .outOfMemory(let held): return "\(String(cString: strerror(ENOMEM))) (\(held >> 20) MiB read)"
      }
    }
  }

  private var base: UnsafeMutableRawPointer?
  private var capacity = 0
  private(set) var count = 0
  /// The most it will hold: growth stops there, however the stream goes on.
  let limit: Int

  init(limit: Int) { self.limit = limit }

  deinit { free(base) }

  /// Reads once from `descriptor`, at most `atMost` bytes.
  /// - Returns: the bytes read, 0 at the end of the stream.
  func read(from descriptor: Int32, atMost: Int) throws(Failure) -> Int {
    try reserve(atMost)
    while true {
      let read = Glibc.read(descriptor, base! + count, atMost)
      if read >= 0 {
        count += read
        return read
      }
      if errno != EINTR { throw .unreadable(errno: errno) }
    }
  }

  /// Reads `descriptor` to its end, or until more than `limit` bytes are held.
  /// - Returns: whether the end was reached (false: past the limit).
  func readToEnd(from descriptor: Int32) throws(Failure) -> Bool {
    while count <= limit {
      if try read(from: descriptor, atMost: 1 << 16) == 0 { return true }
    }
    return false
  }

  /// Reads the regular file open at `descriptor` from its start with
  /// `pread` (its offset is left as it is), until `size` bytes are held or
  /// the file ends.
  /// - Returns: the bytes held: fewer than `size` when the file is shorter.
  func read(file descriptor: Int32, size: Int) throws(Failure) -> Int {
    try reserve(size - count)
    while count < size {
      let read = pread(descriptor, base! + count, size - count, off_t(count))
      if read == 0 { break }
      if read > 0 {
        count += read
      } else if errno != EINTR {
        throw .unreadable(errno: errno)
      }
    }
    return count
  }

  private func reserve(_ extra: Int) throws(Failure) {
    guard count + extra > capacity else { return }
    // Doubling, but never past what the limit can need.
    let wanted = min(max(count + extra, 2 * capacity, 1 << 16), limit + extra)
    guard let grown = realloc(base, wanted) else { throw .outOfMemory(held: count) }
    base = grown
    capacity = wanted
  }

  /// The bytes held so far.
  func withBytes<Result, Failure>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    try body(UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: count))
  }

  /// The bytes as `Data` that now owns (and frees) the memory; the buffer is empty after.
  func takeData() -> Data {
    guard let base else { return Data() }
    self.base = nil
    defer { (count, capacity) = (0, 0) }
    return Data(bytesNoCopy: base, count: count, deallocator: .free)
  }
}
