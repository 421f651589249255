import FoundationEssentials
import Glibc

/// Reads a small regular file whole, through one descriptor.
///
/// Why not `FileManager`: its `attributesOfItem` dictionary and the two
/// `as?` casts on it cost about 1.1 M instructions on first use (the runtime
/// scans every conformance record), a third of a 22-task report's zone
/// set-up. Checking the descriptor that is then read also leaves no window
/// between the check and the read.
enum ZoneFileContents {
  /// Why a file could not be read: `missing` when there is none (the
  /// system does not have the zone), else `reason` says what is wrong
  /// with the one that is there.
  struct Unreadable: Error, Equatable {
    var missing = false
    var reason: String
    /// ``TrustedPath`` refused it.
    var untrusted = false
  }

  /// Whether `open` or `stat` failed because no file can be at the path:
  /// none there, a file where a folder should be, or a name or path longer
  /// than any may be (ENAMETOOLONG): glibc shows UTC for each alike.
  static func namesNoFile(_ code: Int32) -> Bool { code == ENOENT || code == ENOTDIR || code == ENAMETOOLONG }

  /// The bytes of the regular file at `path`, reached as `named` (the
  /// path before its links were resolved, whose folders are trusted too).
  /// - Throws: ``Unreadable`` when it cannot be opened (`missing` for no
  ///   such file), is not a regular file, is not trusted (``TrustedPath``:
  ///   another user's forged zone gives wrong times in silence), is empty,
  ///   is larger than `maximumSize` bytes, or changes while it is read.
  static func read(_ path: String, named: String? = nil, maximumSize: Int) throws(Unreadable) -> [UInt8] {
    // Non-blocking (a FIFO in place of a zone file must not hang the run),
    // links under the protected_symlinks rule (another user's TZDIR link).
    let file: NonBlockingFile.Opened
    do throws(NonBlockingFile.Failure) {
      file = try NonBlockingFile.open(path, as: .zoneFile)
    } catch {
      let missing = namesNoFile(error.code)
      throw Unreadable(
        missing: missing, reason: error.code == 0 ? "is refused: \(error.reason)" : "cannot be opened: \(error.reason)")
    }
    let descriptor = file.descriptor
    defer { close(descriptor) }
    let info = file.info
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw Unreadable(reason: "is a folder, not a file")
    default: throw Unreadable(reason: "is not a regular file")
    }
    if let refused = TrustedPath.refusal(named ?? path, info: info) {
      throw Unreadable(reason: trustReason(refused), untrusted: true)
    }
    let size = Int(info.st_size)
    guard size > 0 else { throw Unreadable(reason: "is empty") }
    guard size <= maximumSize else { throw Unreadable(reason: "is larger than \(maximumSize / 1024) KiB") }
    // One byte more than the size: a file that grew since fstat is refused, not cut.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw Unreadable(reason: "cannot be read: \(describe(errno))") }
      guard count > 0 else { break }
      filled += count
    }
    guard filled == size else { throw Unreadable(reason: "changed size while it was read") }
    bytes.removeLast()
    return bytes
  }

  /// The first `count` bytes (fewer in a shorter file) of the regular file
  /// at `path`, or nil when it cannot be opened (a link the rule refuses
  /// included) or is not a regular file (a FIFO in its place is not
  /// waited on).
  static func head(_ path: String, count: Int) -> [UInt8]? {
    guard let file = try? NonBlockingFile.open(path) else { return nil }
    let descriptor = file.descriptor
    defer { close(descriptor) }
    guard file.isRegular else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, count - filled)
      }
      if read < 0, errno == EINTR { continue }
      guard read > 0 else { break }
      filled += read
    }
    return Array(bytes.prefix(filled))
  }

  static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }

  /// How a zone file or folder that ``TrustedPath`` refuses is described.
  static func trustReason(_ refusal: String) -> String { "is not trusted: " + refusal }
}
