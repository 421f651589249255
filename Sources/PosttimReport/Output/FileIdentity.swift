import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// A regular file's identity (device and inode), after following links,
/// so `-o` can be checked against every input however it is spelled: a
/// symlink, `./x`, a hard link, or standard input redirected from it.
public struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  init?(_ info: stat) {
    guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The regular file `path` names (following links), or nil.
  public init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// What this run read the file as (``ReadFiles``), or nil.
  package var readAs: ReadFiles.Record? { ReadFiles.record(device: device, inode: inode) }

  /// The regular file standard input is redirected from, or nil.
  public static var standardInput: FileIdentity? {
    var info = stat()
    guard fstat(0, &info) == 0 else { return nil }
    return FileIdentity(info)
  }
}
