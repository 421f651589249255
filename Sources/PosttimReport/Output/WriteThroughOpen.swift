#if canImport(Glibc)
  import Glibc
#endif

/// Opens the device, FIFO or socket at the output name without blocking on
/// the open (`O_NONBLOCK`, cleared once open, so writes wait for a slow
/// reader as usual): a device whose open waits (a serial line) or a FIFO
/// nobody reads cannot hold a cron job. Only the caller's own FIFO without
/// a reader is waited for, as `cat > fifo` does: the caller made it to be
/// read.
enum WriteThroughOpen {
  /// The open descriptor of `target`; `throughLink`: `target` is a `/proc`
  /// magic link, followed.
  /// - Throws: ``OutputError`` (`.cannotCreate`) naming `path`; another
  ///   user's FIFO without a reader is `a FIFO of uid N with no reader`.
  static func open(_ target: String, throughLink: Bool, path: String) throws(OutputError) -> Int32 {
    let flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | (throughLink ? 0 : O_NOFOLLOW)
    var descriptor = Glibc.open(target, flags | O_NONBLOCK)
    if descriptor < 0, errno == ENXIO {
      var info = stat()
      let owner = stat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO ? info.st_uid : nil
      guard owner == geteuid() else {
        let whose = owner.map { "a FIFO of uid \($0) with no reader" } ?? OutputFile.lastError
        throw OutputError(.cannotCreate, path: path, reason: whose)
      }
      descriptor = Glibc.open(target, flags)
    }
    guard descriptor >= 0 else { throw OutputError(.cannotCreate, path: path, reason: OutputFile.lastError) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }
}
