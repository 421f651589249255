import FoundationEssentials
import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// The `-o FILE` destination.
///
/// - A regular file (or a new one) is written atomically: into a temporary
///   file in the same folder (``TemporaryOutputFile``), then `rename(2)`
///   over the target, keeping the old file's permission bits (and owner
///   and group when root writes). Readers (a cron mailer, a browser) see
///   the old file or the whole new one, never a partial one. Another
///   user's file in a sticky world-writable folder is refused (exit 73),
///   as the kernel's `protected_regular` would refuse it: kept, its owner
///   would have root's report.
/// - A symbolic link is followed only when it is the caller's or root's
///   (``OutputTarget``); the file it names is replaced and the link stays.
///   A link loop, or another user's link in any folder, is refused (exit
///   73), and so is a dangling link: it would create a file where it points.
/// - A device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe)
///   is written through, never replaced by a regular file, opened and
///   written without blocking, the whole write (open to last byte) bounded
///   (``WriteThroughOpen``, ``WriteWait``); another user's in a sticky
///   world-writable folder is refused (the kernel's `protected_fifos`).
/// - On failure the temporary file is removed and the target is
///   untouched; a ``TemporaryFileHook`` can do the same on a signal. One
///   left by a killed run (SIGKILL) is removed by the next run writing
///   NAME (``StaleTemporaryFiles``).
/// - After the rename the folder is synced too (`fsync(2)` on it), so a
///   power loss cannot bring back the old directory entry.
public struct OutputFile: Sendable {
  /// The path as given.
  public let path: String
  private let replacement: Replacement?
  /// Whether the output replaces a regular file by a rename at
  /// ``commit()``; false when it is written through (a FIFO, a device).
  var replacesByRename: Bool { replacement != nil }
  private let hook: (any TemporaryFileHook)?
  /// Stream the report into this.
  public var stream: FileDescriptorOutput
  /// ``sync()`` has run: ``commit()`` only renames.
  private var isSynced = false
  /// A device or FIFO written through: what ``begin()`` needs.
  private var writeThrough: WriteThroughTarget?

  /// The device or FIFO, and the write time limit.
  private struct WriteThroughTarget {
    /// Its `O_PATH` descriptor from the link walk: it is opened through
    /// `/proc/self/fd`, never by its name again; -1 once closed.
    var handle: Int32
    let path: String
    let throughLink: Bool
    let seconds: Int

    /// What is opened: the handle's `/proc` link, else (no `/proc`) the path.
    var target: String { hasProc ? "/proc/self/fd/\(handle)" : path }
    /// The target is a link to follow (the `/proc` one is).
    var followsLink: Bool { hasProc || throughLink }
    private var hasProc: Bool { access("/proc/self/fd", F_OK) == 0 }
  }

  /// The temporary file that replaces the target, and what it takes from it.
  private struct Replacement {
    /// The target's folder, open (`O_DIRECTORY`) from the start: the
    /// rename and the sync reach the folder the temporary file is in,
    /// however its path changes meanwhile.
    let folder: Int32
    let name: String
    let temporaryName: String
    let mode: mode_t
    /// The replaced file's owner and group, kept when root writes: the
    /// caller's, or in a sticky world-writable folder the folder owner's
    /// (``OutputTarget`` refuses anyone else's there).
    let owner: (uid: uid_t, gid: gid_t)?
  }

  /// Opens the destination.
  /// - Throws: ``OutputError`` (`.cannotCreate`) when the folder is missing
  ///   or not writable, the path is a directory, a loop of links, another
  ///   user's link, or another user's file in a sticky world-writable folder.
  /// - Parameters:
  ///   - hook: told about the temporary file (the command line's removes
  ///     it on SIGINT, SIGTERM and SIGHUP).
  ///   - removingStale: look for the target's stale temporary files first;
  ///     false for a caller that removed them with
  ///     ``removeStaleTemporaryFiles(in:for:)`` (reading the folder once per
  ///     file costs the square of the files written into one folder).
  ///   - regularOnly: refuse a device, FIFO or socket at `path` instead of
  ///     writing through it (the roster's `-o DIR`: `DIR/ID.eml` is a
  ///     message file, and a FIFO there must not hold the other readers).
  ///   - writeTimeout: for a device, FIFO or socket, the seconds its whole
  ///     write may take, from the open (a wait for a reader included) to
  ///     the last byte (``WriteWait``).
  ///   - deferringReader: the caller's own FIFO without a reader is not
  ///     waited for yet, and the time limit is not started: ``begin()``
  ///     does both (``writeEach(to:hook:writeTimeout:_:)``).
  public init(
    path: String, hook: (any TemporaryFileHook)? = nil, removingStale: Bool = true, regularOnly: Bool = false,
    writeTimeout: Int = WriteWait.defaultSeconds, deferringReader: Bool = false
  ) throws(OutputError) {
    self.path = path
    self.hook = hook
    switch try OutputTarget.resolve(path) {
    case .writeThrough(let handle, _, _) where regularOnly:
      var info = stat()
      let what = fstat(handle, &info) == 0 ? NonBlockingFile.what(info) : "not a regular file"
      close(handle)
      throw OutputError(.cannotCreate, path: path, reason: "is \(what); only a regular file is written here")
    case .writeThrough(let handle, let target, let throughLink):
      let deadline = WriteWait.Deadline(seconds: writeTimeout)
      var opened = WriteThroughTarget(handle: handle, path: target, throughLink: throughLink, seconds: writeTimeout)
      let descriptor: Int32?
      do throws(OutputError) {
        descriptor = try WriteThroughOpen.open(
          opened.target, throughLink: opened.followsLink, path: path, deadline: deferringReader ? nil : deadline)
      } catch {
        close(handle)
        throw error
      }
      // Kept for ``begin()`` only while its open waits.
      if descriptor != nil {
        close(handle)
        opened.handle = -1
      }
      replacement = nil
      writeThrough = opened
      stream = FileDescriptorOutput(descriptor: descriptor ?? -1, name: path, deadline: deadline)
    case .file(let walked, let folderPath, let name, let existing):
      // Reopened for reading: the sweep lists it and the commit syncs it.
      let folder = openat(walked, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      let reason = Self.lastError
      close(walked)
      guard folder >= 0 else { throw OutputError(.cannotCreate, path: path, reason: reason) }
      let prefix = TemporaryOutputFile.prefix(for: name, nameMax: TemporaryOutputFile.nameMax(folder))
      if removingStale { StaleTemporaryFiles.remove(in: folder, prefix: prefix) }
      let descriptor: Int32
      let temporaryName: String
      // Made and announced as one step: a signal between the two would leave the file.
      let made = withSignalsHeld {
        TemporaryOutputFile.create(in: folder, prefix: prefix).map { created in
          hook?.created(folderPath + "/" + created.name)
          return created
        }
      }
      switch made {
      case .success(let created): (descriptor, temporaryName) = created
      case .failure(let failure):
        close(folder)
        throw OutputError(
          .cannotCreate, path: path,
          reason: "cannot create a temporary file in \(folderPath): \(String(cString: strerror(failure.number)))")
      }
      // Keep the replaced file's bits, else what a plain create would give.
      var mode: mode_t
      if let existing {
        mode = existing.st_mode & 0o7777
      } else {
        mode = umask(0)
        umask(mode)
        mode = 0o666 & ~mode
      }
      writeThrough = nil
      replacement = Replacement(
        folder: folder, name: name, temporaryName: temporaryName, mode: mode,
        owner: existing.map { ($0.st_uid, $0.st_gid) })
      stream = FileDescriptorOutput(descriptor: descriptor, name: path)
    }
  }

  static var lastError: String { String(cString: strerror(errno)) }

  /// For a file opened `deferringReader`, before its first byte: a device
  /// or FIFO's time limit starts now, and the caller's own FIFO that had
  /// no reader is waited for. Nothing to do for a regular file.
  /// - Throws: ``OutputError`` as the open would.
  public mutating func begin() throws(OutputError) {
    guard let writeThrough else { return }
    let deadline = WriteWait.Deadline(seconds: writeThrough.seconds)
    var descriptor = stream.descriptor
    if descriptor < 0 {
      defer {
        close(writeThrough.handle)
        self.writeThrough?.handle = -1
      }
      descriptor = try WriteThroughOpen.waitForReader(
        writeThrough.target, throughLink: writeThrough.followsLink, path: path, deadline: deadline)
    }
    stream = FileDescriptorOutput(descriptor: descriptor, name: path, deadline: deadline)
  }

  /// Removes the stale temporary files of the files `names` in `folder`
  /// (see ``StaleTemporaryFiles``), reading the folder once, for a caller
  /// that then writes them all with `removingStale: false`. Best effort.
  /// - Returns: the names removed.
  @discardableResult
  public static func removeStaleTemporaryFiles(in folder: String, for names: some Sequence<String>) -> [String] {
    // Not through another user's link: files are removed there. The
    // walk's descriptor, not the path again: a folder on the way swapped
    // for a link cannot point the removals elsewhere.
    guard let walked = try? ProtectedLinkWalk.walk(folder, rule: .callerOrRoot) else { return [] }
    let directory = walked.openedFolder()
    guard directory >= 0 else { return [] }
    defer { close(directory) }
    return StaleTemporaryFiles.remove(in: directory, for: names)
  }

  /// Flushes, and for a file gives it its mode and syncs it to disk: the
  /// part of ``commit()`` before the rename, for a caller that syncs one
  /// file while it commits another. ``commit()`` does it when not done.
  /// - Throws: ``OutputError`` (`.writeFailed`); the temporary file is then
  ///   removed and the target is unchanged.
  public mutating func sync() throws(OutputError) {
    guard !isSynced else { return }
    do {
      try stream.finish()
    } catch {
      abort()
      throw error
    }
    if let replacement {
      if let owner = replacement.owner, geteuid() == 0 { fchown(stream.descriptor, owner.uid, owner.gid) }
      fchmod(stream.descriptor, replacement.mode)
      guard fsync(stream.descriptor) == 0 else {
        let reason = Self.lastError
        abort()
        throw OutputError(.writeFailed, path: path, reason: reason)
      }
    }
    isSynced = true
  }

  /// Flushes, and for a file syncs and renames it into place.
  /// - Throws: ``OutputError`` (`.writeFailed`); the target is then unchanged.
  public mutating func commit() throws(OutputError) {
    try sync()
    guard let replacement else {
      close(stream.descriptor)
      return
    }
    defer { hook?.finished() }
    // Renamed before the descriptor is closed: the lock marks the file
    // live until it has its final name.
    guard renameat(replacement.folder, replacement.temporaryName, replacement.folder, replacement.name) == 0 else {
      let reason = Self.lastError
      discard(replacement)
      throw OutputError(.cannotCreate, path: path, reason: reason)
    }
    close(stream.descriptor)
    defer { close(replacement.folder) }
    // A file system that cannot sync a folder (EINVAL) is not an error;
    // a failed sync leaves the new file in place, perhaps not durable.
    guard fsync(replacement.folder) == 0 || errno == EINVAL else {
      throw OutputError(.writeFailed, path: path, reason: Self.lastError)
    }
  }

  /// Closes and removes the temporary file, and closes its folder.
  private func discard(_ replacement: Replacement) {
    close(stream.descriptor)
    unlinkat(replacement.folder, replacement.temporaryName, 0)
    close(replacement.folder)
  }

  /// Removes the temporary file; the target stays as it was.
  public func abort() {
    guard let replacement else {
      // A FIFO whose open waited for ``begin()`` still has its handle.
      if let handle = writeThrough?.handle, handle >= 0, stream.descriptor < 0 { close(handle) }
      close(stream.descriptor)
      return
    }
    discard(replacement)
    hook?.finished()
  }

  /// Writes a report to `path`, or to standard output through `standard`
  /// when `path` is nil or "-".
  /// `writeTimeout`: as for ``init(path:hook:removingStale:regularOnly:writeTimeout:)``.
  public static func write(
    to path: String?, hook: (any TemporaryFileHook)? = nil, writeTimeout: Int = WriteWait.defaultSeconds,
    standard: ((inout FileDescriptorOutput) throws -> Void) throws -> Void,
    _ render: (inout FileDescriptorOutput) throws -> Void
  ) throws {
    guard let path, path != "-" else {
      return try withoutActuallyEscaping(render) { try standard($0) }
    }
    var file = try OutputFile(path: path, hook: hook, writeTimeout: writeTimeout)
    do {
      try render(&file.stream)
    } catch {
      file.abort()
      throw error
    }
    try file.commit()
  }
}
