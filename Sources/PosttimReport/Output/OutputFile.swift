import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `-o FILE` destination.
///
/// - A regular file (or a new one) is written atomically: into a temporary
///   file in the same folder, then `rename(2)` over the target, keeping
///   the old file's permission bits. Readers (a cron mailer, a browser)
///   see the old file or the whole new one, never a partial one. A
///   symbolic link is followed, and the file it names is replaced; the
///   link stays.
/// - A device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe)
///   is written through, never replaced by a regular file.
/// - On failure the temporary file is removed and the target is
///   untouched; a ``TemporaryFileHook`` can do the same on a signal. The temporary file is named
///   `.NAME.posttim-PID-XXXXXX`; one left by a killed run (SIGKILL) is
///   removed by the next run writing NAME (``StaleTemporaryFiles``).
/// - After the rename the folder is synced too (`fsync(2)` on it), so a
///   power loss cannot bring back the old directory entry.
public struct OutputFile {
  /// The path as given.
  public let path: String
  private let temporaryPath: String?
  private let target: String
  private let hook: (any TemporaryFileHook)?
  /// Stream the report into this.
  public var stream: FileDescriptorOutput

  /// Opens the destination.
  /// - Throws: ``OutputError`` (`.cannotCreate`) when the folder is missing
  ///   or not writable, or the path is a directory.
  /// - Parameter hook: told about the temporary file (the command line's
  ///   removes it on SIGINT, SIGTERM and SIGHUP).
  public init(path: String, hook: (any TemporaryFileHook)? = nil) throws(OutputError) {
    self.path = path
    self.hook = hook
    // Follow links: the file a link names is what the user means.
    let resolved = realpath(path, nil).map { pointer -> String in
      defer { free(pointer) }
      return String(cString: pointer)
    }
    let createdPath = resolved ?? Self.linkTarget(path)
    var info = stat()
    if let resolved, stat(resolved, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
      guard (info.st_mode & S_IFMT) != S_IFDIR else {
        throw OutputError(.cannotCreate, path: path, reason: "is a directory")
      }
      let descriptor = open(resolved, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw OutputError(.cannotCreate, path: path, reason: Self.lastError) }
      temporaryPath = nil
      target = resolved
      stream = FileDescriptorOutput(descriptor: descriptor, name: path)
      return
    }
    target = createdPath
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent().path
    StaleTemporaryFiles.remove(folder: folder, name: url.lastPathComponent)
    var template = Array(StaleTemporaryFiles.template(folder: folder, name: url.lastPathComponent).utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw OutputError(.cannotCreate, path: path, reason: Self.lastError) }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    temporaryPath = temporary
    hook?.created(temporary)
    // mkstemp makes 0600: keep the replaced file's bits, else what a plain
    // create would give.
    if resolved != nil, (info.st_mode & S_IFMT) == S_IFREG {
      fchmod(descriptor, info.st_mode & 0o7777)
      if geteuid() == 0 { fchown(descriptor, info.st_uid, info.st_gid) }
    } else {
      let mask = umask(0)
      umask(mask)
      fchmod(descriptor, 0o666 & ~mask)
    }
    stream = FileDescriptorOutput(descriptor: descriptor, name: path)
  }

  static var lastError: String { String(cString: strerror(errno)) }

  /// Where a dangling symbolic link points (the file to create), following
  /// chains of links; `path` itself when it is no link.
  static func linkTarget(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        destination.hasPrefix("/")
        ? destination : URL(fileURLWithPath: current).deletingLastPathComponent().appending(path: destination).path
    }
    return current
  }

  /// Flushes, and for a file syncs and renames it into place.
  /// - Throws: ``OutputError`` (`.writeFailed`); the target is then unchanged.
  public mutating func commit() throws(OutputError) {
    do {
      try stream.finish()
    } catch {
      abort()
      throw error
    }
    guard let temporaryPath else {
      close(stream.descriptor)
      return
    }
    let synced = fsync(stream.descriptor) == 0
    let syncError = errno
    close(stream.descriptor)
    defer { hook?.finished() }
    guard synced else {
      unlink(temporaryPath)
      throw OutputError(.writeFailed, path: path, reason: String(cString: strerror(syncError)))
    }
    guard rename(temporaryPath, target) == 0 else {
      let reason = Self.lastError
      unlink(temporaryPath)
      throw OutputError(.cannotCreate, path: path, reason: reason)
    }
    try Self.syncFolder(of: target, path: path)
  }

  /// Makes the rename durable: `fsync(2)` on the folder holding `target`.
  /// A file system that cannot sync a folder (EINVAL) is not an error.
  /// - Throws: ``OutputError`` (`.writeFailed`) when the sync fails; the
  ///   new file is then in place but may not survive a power loss.
  static func syncFolder(of target: String, path: String) throws(OutputError) {
    let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw OutputError(.writeFailed, path: path, reason: lastError) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 || errno == EINVAL else {
      throw OutputError(.writeFailed, path: path, reason: lastError)
    }
  }

  /// Removes the temporary file; the target stays as it was.
  public func abort() {
    close(stream.descriptor)
    if let temporaryPath {
      unlink(temporaryPath)
      hook?.finished()
    }
  }

  /// Writes a report to `path`, or to standard output through `standard`
  /// when `path` is nil or "-".
  public static func write(
    to path: String?, hook: (any TemporaryFileHook)? = nil,
    standard: ((inout FileDescriptorOutput) throws -> Void) throws -> Void,
    _ render: (inout FileDescriptorOutput) throws -> Void
  ) throws {
    guard let path, path != "-" else {
      return try withoutActuallyEscaping(render) { try standard($0) }
    }
    var file = try OutputFile(path: path, hook: hook)
    do {
      try render(&file.stream)
    } catch {
      file.abort()
      throw error
    }
    try file.commit()
  }
}
