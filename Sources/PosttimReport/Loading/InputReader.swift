import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a whole input from a file descriptor into memory: a pipe, a FIFO
/// or a device, as well as a plain file. Reading stops at ``limit``, and
/// memory the system refuses is an error, not a crash. (Task lists are
/// read as streams instead, ``TaskListDecoder/decode(stream:file:)``.)
public enum InputReader {
  /// The largest task list read: 1 GiB (a million tasks is about 280 MB
  /// of XML).
  public static let limit = 1 << 30

  /// `limit` in words: "1 GiB", "64 MiB", "1000 bytes".
  static func sizeText(_ limit: Int) -> String {
    for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where limit >= 1 << shift && limit % (1 << shift) == 0
    {
      return "\(limit >> shift) \(unit)"
    }
    return "\(limit) bytes"
  }

  /// Why an input could not be read whole.
  public enum Failure: Error, Equatable {
    /// The input is larger than the reader's size limit.
    case tooLarge
    /// The system refused the read; the associated text says why (strerror).
    case unreadable(String)
  }

  /// Reads `descriptor` to its end.
  /// - Throws: ``Failure/tooLarge`` past `limit`; ``Failure/unreadable(_:)``
  ///   with the system's reason when a read fails (a directory, a closed
  ///   descriptor) or memory for the bytes is refused (`ulimit -v`).
  public static func readAll(descriptor: Int32, limit: Int = limit) throws(Failure) -> Data {
    let buffer = StreamBuffer(limit: limit)
    let ended: Bool
    do {
      ended = try buffer.readToEnd(from: descriptor)
    } catch {
      throw .unreadable(error.reason)
    }
    guard ended else { throw .tooLarge }
    return buffer.takeData()
  }

  /// Reads standard input; a closed descriptor 0 reads as an error, not
  /// a crash.
  public static func standardInput() throws(Failure) -> Data {
    try readAll(descriptor: 0)
  }
}
