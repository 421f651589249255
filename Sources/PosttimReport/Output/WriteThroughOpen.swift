#if canImport(Glibc)
  import Glibc
#endif

/// Opens the device or FIFO at the output name without blocking on
/// the open (`O_NONBLOCK`), and keeps it non-blocking: each wait for the
/// reader (``WriteWait``) ends after the write time limit, so a device
/// whose open waits (a serial line), a FIFO nobody reads, or a reader that
/// opened it and never reads cannot hold a cron job. Only the caller's own
/// FIFO without a reader is waited for, as `cat > fifo` does (the caller
/// made it to be read), within the same limit.
enum WriteThroughOpen {
  /// The open, non-blocking descriptor of `target`; `throughLink`:
  /// `target` is a `/proc` magic link, followed. `seconds`: the write
  /// time limit.
  /// - Throws: ``OutputError`` naming `path`: `.cannotCreate` for another
  ///   user's FIFO without a reader (`a FIFO of uid N with no reader`) or a
  ///   failed open, `.writeFailed` for the caller's own FIFO that no reader
  ///   opened within the limit.
  static func open(_ target: String, throughLink: Bool, path: String, seconds: Int) throws(OutputError) -> Int32 {
    // open(2) cannot write to a socket (ENXIO): say what it is.
    var info = stat()
    if stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK {
      throw OutputError(
        .cannotCreate, path: path, reason: "is a socket; a report is written to files, FIFOs and devices")
    }
    let flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | (throughLink ? 0 : O_NOFOLLOW)
    var descriptor = Glibc.open(target, flags | O_NONBLOCK)
    if descriptor < 0, errno == ENXIO {
      var info = stat()
      let owner = stat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO ? info.st_uid : nil
      guard owner == geteuid() else {
        let whose = owner.map { "a FIFO of uid \($0) with no reader" } ?? OutputFile.lastError
        throw OutputError(.cannotCreate, path: path, reason: whose)
      }
      descriptor = WriteWait.openForReader(target, flags: flags, seconds: seconds) ?? -1
      if descriptor < 0, errno == ENXIO {
        throw OutputError(
          .writeFailed, path: path, reason: "no reader opened it within \(seconds) s \(WriteWait.timeLimitPhrase)")
      }
    }
    guard descriptor >= 0 else { throw OutputError(.cannotCreate, path: path, reason: OutputFile.lastError) }
    return descriptor
  }
}
