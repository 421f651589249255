import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file atomically: into a temporary file in the same folder,
/// then `rename(2)` over the target. Readers (a cron mailer, a browser)
/// see the old file or the whole new one, never a partial one; on failure
/// the temporary file is removed and the target is untouched.
public struct AtomicFileOutput {
  public let path: String
  private let temporaryPath: String
  /// Stream the report into this.
  public var stream: FileDescriptorOutput

  /// Creates the temporary file beside `path`.
  /// - Throws: ``OutputError`` (`.cannotCreate`) when the folder is missing
  ///   or not writable.
  public init(path: String) throws(OutputError) {
    self.path = path
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var template = Array((folder + "/." + url.lastPathComponent + ".posttim-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw OutputError(.cannotCreate, path: path, reason: String(cString: strerror(errno)))
    }
    temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // mkstemp makes 0600; give the file the permissions a plain create would.
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    stream = FileDescriptorOutput(descriptor: descriptor, name: path)
  }

  /// Flushes, syncs and renames the file into place.
  /// - Throws: ``OutputError`` (`.writeFailed`); the target is then unchanged.
  public mutating func commit() throws(OutputError) {
    do {
      try stream.finish()
    } catch {
      abort()
      throw error
    }
    let synced = fsync(stream.descriptor) == 0
    let syncError = errno
    close(stream.descriptor)
    guard synced else {
      unlink(temporaryPath)
      throw OutputError(.writeFailed, path: path, reason: String(cString: strerror(syncError)))
    }
    guard rename(temporaryPath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw OutputError(.cannotCreate, path: path, reason: reason)
    }
  }

  /// Removes the temporary file; the target stays as it was.
  public func abort() {
    close(stream.descriptor)
    unlink(temporaryPath)
  }
}
