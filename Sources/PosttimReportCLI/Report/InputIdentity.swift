import FoundationEssentials
import Glibc

/// What a named input is, by identity (`st_dev`, `st_ino`), of any kind
/// but a folder: a regular file, or the pipe, socket or device a path such
/// as `/dev/stdin` leads to. `-` is standard input's own. One input named
/// twice is read twice: a file lists every task twice, a pipe is empty the
/// second time (``TaskInputs/checkDistinct(_:)``).
struct InputIdentity: Hashable {
  let device: UInt64
  let inode: UInt64

  /// The identity of what `input` names (`-`: descriptor 0), or nil when it
  /// cannot be looked up or is a folder.
  init?(_ input: String) {
    var info = stat()
    guard (input == "-" ? fstat(0, &info) : stat(input, &info)) == 0, info.st_mode & S_IFMT != S_IFDIR else {
      return nil
    }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
