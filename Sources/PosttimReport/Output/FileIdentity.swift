import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// The identity (device and inode) of a regular file, FIFO or pipe,
/// after following links, so `-o` can be checked against every input
/// however it is spelled: a symlink, `./x`, a hard link, standard input
/// redirected from it, or `/dev/stdin` and `/proc/self/fd/0` for the pipe
/// the list comes through (written to, it would swallow the report).
public struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  init?(_ info: stat) {
    guard ReadFiles.isWrittenBack(info) else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The regular file or FIFO `path` names (following links), or nil.
  public init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// What this run read the file as (``ReadFiles``), or nil.
  package var readAs: ReadFiles.Record? { ReadFiles.record(device: device, inode: inode) }

  /// The regular file or pipe standard input comes from, or nil.
  public static var standardInput: FileIdentity? {
    var info = stat()
    guard fstat(0, &info) == 0 else { return nil }
    return FileIdentity(info)
  }
}
