import Foundation

/// Reads a small regular file whole, through one descriptor.
///
/// Why not `FileManager`: its `attributesOfItem` dictionary and the two
/// `as?` casts on it cost about 1.1 M instructions on first use (the runtime
/// scans every conformance record), a third of a 22-task report's zone
/// set-up. Checking the descriptor that is then read also leaves no window
/// between the check and the read.
enum ZoneFileContents {
  /// The bytes of the regular file at `path`, or nil when it cannot be
  /// opened, is not a regular file, is empty, or is larger than
  /// `maximumSize` bytes.
  static func read(_ path: String, maximumSize: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int(info.st_size)
    guard size > 0, size <= maximumSize else { return nil }
    // One byte more than the size: a file that grew since fstat is refused, not cut.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
    }
    guard filled == size else { return nil }
    bytes.removeLast()
    return bytes
  }
}
