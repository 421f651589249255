#if canImport(Glibc)
  import Glibc
#endif

/// Opens the device or FIFO at the output name without blocking on
/// the open (`O_NONBLOCK`), and keeps it non-blocking: the whole write,
/// this open included, ends by its deadline (``WriteWait``), so a device
/// whose open waits (a serial line), a FIFO nobody reads, or a reader that
/// opened it and reads little or nothing cannot hold a cron job. Only the
/// caller's own FIFO without a reader is waited for, as `cat > fifo` does
/// (the caller made it to be read), within the same deadline.
enum WriteThroughOpen {
  /// The open, non-blocking descriptor of `target`; `throughLink`:
  /// `target` is a `/proc` magic link, followed. `deadline`: the whole
  /// write's; nil to wait for no reader: the caller's own FIFO without
  /// one is then nil (``waitForReader(_:throughLink:path:deadline:)``
  /// waits when its turn comes).
  /// - Throws: ``OutputError`` naming `path`: `.cannotCreate` for another
  ///   user's FIFO without a reader (`a FIFO of uid N with no reader`) or a
  ///   failed open, `.writeFailed` for the caller's own FIFO that no reader
  ///   opened by the deadline.
  static func open(
    _ target: String, throughLink: Bool, path: String, deadline: WriteWait.Deadline?
  ) throws(OutputError) -> Int32? {
    // open(2) cannot write to a socket (ENXIO): say what it is.
    var info = stat()
    if stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK {
      throw OutputError(
        .cannotCreate, path: path, reason: "is a socket; a report is written to files, FIFOs and devices")
    }
    let descriptor = Glibc.open(target, flags(throughLink) | O_NONBLOCK)
    if descriptor < 0, errno == ENXIO {
      var info = stat()
      let owner = stat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO ? info.st_uid : nil
      guard owner == geteuid() else {
        let whose = owner.map { "a FIFO of uid \($0) with no reader" } ?? OutputFile.lastError
        throw OutputError(.cannotCreate, path: path, reason: whose)
      }
      guard let deadline else { return nil }
      return try waitForReader(target, throughLink: throughLink, path: path, deadline: deadline)
    }
    guard descriptor >= 0 else { throw OutputError(.cannotCreate, path: path, reason: OutputFile.lastError) }
    return descriptor
  }

  /// Waits for a reader of the caller's own FIFO `target` until `deadline`.
  /// - Throws: ``OutputError`` naming `path`: `.writeFailed` when no reader
  ///   came, `.cannotCreate` when the open failed otherwise.
  static func waitForReader(
    _ target: String, throughLink: Bool, path: String, deadline: WriteWait.Deadline
  ) throws(OutputError) -> Int32 {
    let descriptor = WriteWait.openForReader(target, flags: flags(throughLink), until: deadline) ?? -1
    if descriptor < 0, errno == ENXIO {
      throw OutputError(
        .writeFailed, path: path,
        reason: "no reader opened it within \(deadline.seconds) s \(WriteWait.timeLimitPhrase)")
    }
    guard descriptor >= 0 else { throw OutputError(.cannotCreate, path: path, reason: OutputFile.lastError) }
    return descriptor
  }

  private static func flags(_ throughLink: Bool) -> Int32 {
    O_WRONLY | O_NOCTTY | O_CLOEXEC | (throughLink ? 0 : O_NOFOLLOW)
  }
}
