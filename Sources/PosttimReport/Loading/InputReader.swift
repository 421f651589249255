import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a whole input from a file descriptor: standard input, a pipe
/// (`<(…)`), a FIFO or a device, as well as a plain file. Reading stops at
/// ``limit``, so `posttim-report - < /dev/zero` fails instead of eating
/// the machine's memory.
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
  /// - Throws: ``Failure/tooLarge`` past ``limit``; ``Failure/unreadable(_:)``
  ///   with the system's reason when a read fails (a directory, a closed
  ///   descriptor).
  public static func readAll(descriptor: Int32, limit: Int = limit) throws(Failure) -> Data {
    var data = Data()
    let chunk = 1 << 16
    var buffer = [UInt8](repeating: 0, count: chunk)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunk) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(String(cString: strerror(errno)))
      }
      guard data.count + count <= limit else { throw .tooLarge }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Reads standard input; a closed descriptor 0 reads as an error, not
  /// a crash.
  public static func standardInput() throws(Failure) -> Data {
    try readAll(descriptor: 0)
  }
}
