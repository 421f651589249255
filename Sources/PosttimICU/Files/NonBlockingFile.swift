import Foundation

/// The one opener of every file the tool reads as data: task lists, the
/// config file, templates, catalogs, zone files, `tzdata.zi`. Symbolic
/// links on the path are followed only under the kernel's
/// `protected_symlinks` rule (``ProtectedLinkWalk``): another user's link
/// in `/tmp` could make a root run read, and echo in its errors, a file of
/// root's, or take its zones from a forged `TZDIR`. `O_NONBLOCK` on the
/// open, so a FIFO without a writer or a device cannot hold the run. What
/// is opened is then described by its descriptor, so it cannot be swapped
/// between a check and the read.
package enum NonBlockingFile {
  /// Why a path could not be opened: `code` is the open's errno, or 0
  /// when the link walk refused the path (`reason` names the link).
  package struct Failure: Error, Equatable {
    package let code: Int32
    package let reason: String
  }

  /// An open file (still `O_NONBLOCK`) and its `fstat`.
  package struct Opened {
    package let descriptor: Int32
    package let info: stat
    /// Whether it is a regular file.
    package var isRegular: Bool { info.st_mode & S_IFMT == S_IFREG }
  }

  /// Opens `path` read-only without blocking on the open.
  /// - Parameter checkingLinks: false for a caller that walked the path
  ///   itself (the config file's trust check, a path already resolved).
  /// - Parameter role: what the file is read as, recorded in
  ///   ``ReadFiles`` (so `-o` cannot replace it); nil records nothing.
  /// - Throws: ``Failure``; the caller closes nothing.
  package static func open(_ path: String, checkingLinks: Bool = true, as role: ReadFiles.Role? = nil) throws(Failure)
    -> Opened
  {
    if checkingLinks {
      do throws(ProtectedLinkWalk.Refusal) {
        _ = try ProtectedLinkWalk.resolve(folder: path)
      } catch {
        throw Failure(code: 0, reason: error.reason)
      }
    }
    let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure(code: errno, reason: ProtectedLinkWalk.lastError) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let failure = Failure(code: errno, reason: ProtectedLinkWalk.lastError)
      close(descriptor)
      throw failure
    }
    if let role { ReadFiles.record(info, path: path, as: role) }
    return Opened(descriptor: descriptor, info: info)
  }

  /// What `info` describes, with its article: "a FIFO", "a directory", …
  package static func what(_ info: stat) -> String {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return "a regular file"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFDIR: return "a directory"
    default: return "an unknown kind of file"
    }
  }
}
