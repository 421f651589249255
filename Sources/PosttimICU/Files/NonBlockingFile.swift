import FoundationEssentials
import Glibc

/// The one opener of every file the tool reads as data: task lists, the
/// config file, templates, catalogs, zone files, `tzdata.zi`. Symbolic
/// links on the path are followed only under the rule its caller passes
/// (``ProtectedLinkWalk``): another user's link could make a root run
/// read, and echo in its errors or its output, a file of root's, or take
/// its zones from a forged `TZDIR`. The file is first looked up without
/// being opened (`O_PATH`), so a device is never opened: opening some has
/// side effects (a tape rewound, a watchdog armed). Anything else is then
/// opened `O_NONBLOCK` through that lookup, so a FIFO without a writer
/// cannot hold the run, and is described by its descriptor, so it cannot
/// be swapped between a check and the read. The lookup is the link walk's
/// own, by descriptor: a folder on the path swapped for a link meanwhile
/// cannot redirect it.
package enum NonBlockingFile {
  /// Why a path could not be opened: `code` is the open's errno, or 0
  /// when the link walk refused the path (`reason` names the link).
  package struct Failure: Error, Equatable {
    package let code: Int32
    package let reason: String
    /// A folder on the way is not trusted, or a link not followed, on a
    /// trusting walk (``TrustedPath``).
    package var untrusted = false
  }

  /// A file looked up, and its `fstat`: open for reading (still
  /// `O_NONBLOCK`) when `isOpen`, else a descriptor that reads nothing (a
  /// device, or a kind the caller does not read).
  package struct Opened {
    package let descriptor: Int32
    package let info: stat
    package var isOpen = true
    /// The path the walk reached, with no link left (``WalkedPath/path``).
    package var resolved = ""
    /// Whether it is a regular file.
    package var isRegular: Bool { info.st_mode & S_IFMT == S_IFREG }
  }

  /// Looks `path` up and opens it read-only without blocking on the open.
  /// - Parameter trusting: the walk is ``TrustedPath``'s, every folder on
  ///   the way checked as it is entered (the config file, the roster).
  /// - Parameter rule: which links on the path are followed.
  /// - Parameter start: the folder a relative `path` is looked up from
  ///   (its descriptor, and its path for messages and the record), as the
  ///   walk takes it; nil for the current folder.
  /// - Parameter regularOnly: only a regular file is opened (a FIFO is
  ///   not, so its writer is not woken).
  /// - Parameter role: what the file is read as, recorded in
  ///   ``ReadFiles`` (so `-o` cannot replace it); nil records nothing.
  /// - Throws: ``Failure``; the caller closes nothing.
  package static func open(
    _ path: String, trusting: Bool = false, rule: ProtectedLinkWalk.Rule = .protectedSymlinks,
    from start: (descriptor: Int32, path: String)? = nil, regularOnly: Bool = false, as role: ReadFiles.Role? = nil
  ) throws(Failure) -> Opened {
    let named = start.map { $0.path + "/" + path } ?? path
    // The walk's own descriptor: the path is not looked up by name again.
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try ProtectedLinkWalk.walk(path, from: start, rule: rule, trustingFolders: trusting)
    } catch {
      // A loop is a broken path, as the kernel's open would say.
      if trusting && error.isLoop { throw Failure(code: ELOOP, reason: String(cString: strerror(ELOOP))) }
      throw Failure(code: 0, reason: error.reason, untrusted: trusting)
    }
    guard walked.descriptor >= 0 else {
      throw Failure(code: walked.error, reason: String(cString: strerror(walked.error)))
    }
    let handle = walked.descriptor
    let info = try described(handle)
    guard opens(info, regularOnly: regularOnly) else {
      if let role { ReadFiles.record(info, path: named, as: role) }
      return Opened(descriptor: handle, info: info, isOpen: false, resolved: walked.path)
    }
    defer { close(handle) }
    var opened = try reopen(handle, path: named, as: info)
    opened.resolved = walked.path
    if let role { ReadFiles.record(opened.info, path: named, as: role) }
    return opened
  }

  /// Whether a file `info` describes is opened: a regular file; unless
  /// `regularOnly`, also a FIFO, a socket, a folder and `/dev/null`,
  /// whose opens do nothing else; never another device.
  static func opens(_ info: stat, regularOnly: Bool) -> Bool {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return true
    case S_IFCHR: return !regularOnly && info.st_rdev == nullDevice
    case S_IFBLK: return false
    default: return !regularOnly
    }
  }

  /// The file `handle` (an `O_PATH` descriptor) looked up, opened through
  /// `/proc/self/fd`: the same file, whatever `path` names by now. Without
  /// `/proc` the path is opened again and must still name that file (a
  /// device swapped in meanwhile would be opened, then refused).
  private static func reopen(_ handle: Int32, path: String, as looked: stat) throws(Failure) -> Opened {
    let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
    var descriptor = Glibc.open("/proc/self/fd/\(handle)", flags)
    if descriptor < 0, errno == ENOENT, access("/proc/self/fd", F_OK) != 0 {
      descriptor = Glibc.open(path, flags)
    }
    guard descriptor >= 0 else { throw Failure(code: errno, reason: ProtectedLinkWalk.lastError) }
    let info = try described(descriptor)
    guard info.st_dev == looked.st_dev, info.st_ino == looked.st_ino else {
      close(descriptor)
      throw Failure(code: EAGAIN, reason: "it was replaced while it was opened")
    }
    return Opened(descriptor: descriptor, info: info)
  }

  /// The `fstat` of `descriptor`, which is closed when there is none.
  private static func described(_ descriptor: Int32) throws(Failure) -> stat {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let failure = Failure(code: errno, reason: ProtectedLinkWalk.lastError)
      close(descriptor)
      throw failure
    }
    return info
  }

  /// `/dev/null`'s device number (1, 3 on Linux).
  package static let nullDevice: dev_t = {
    var info = stat()
    return stat("/dev/null", &info) == 0 ? info.st_rdev : dev_t.max
  }()

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
