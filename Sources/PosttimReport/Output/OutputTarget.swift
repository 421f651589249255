import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// Where `-o PATH` writes, once the symbolic links at its name are
/// followed, one by one: only the caller's and root's, in any folder
/// (``ProtectedLinkWalk/Rule/callerOrRoot``). Otherwise another user could
/// plant `/tmp/report.md -> /etc/shadow`, or `/home/alice/agenda.html ->
/// /etc/shadow` in a folder of theirs, for a root cron job; the rename
/// that replaces a file goes through no kernel check. Links in the folders
/// above the name are followed under the same rule, so the folder found
/// has no link left. What the name leads to in a sticky world-writable
/// folder must be the caller's or the folder owner's (the kernel's
/// `protected_regular` and `protected_fifos`, whatever the sysctl says).
/// Everything is looked up by descriptor, relative to the folder the walk
/// reached, never by name again.
enum OutputTarget {
  /// A regular file to replace (`existing`: its status) or a new one to
  /// create: `name` in the folder open as `folder` (`O_PATH`; the caller
  /// closes it), whose path is `folderPath`.
  case file(folder: Int32, folderPath: String, name: String, existing: stat?)
  /// A device, FIFO or socket, written through: `descriptor` is an
  /// `O_PATH` descriptor of it (the caller closes it), `path` its path.
  /// `throughLink`: `path` is a link the kernel resolves to something
  /// without a name (a `/proc` magic link such as `/dev/stdout` on a pipe).
  case writeThrough(descriptor: Int32, path: String, throughLink: Bool)

  /// The link last followed at the name: its folder (`O_PATH`, where a
  /// relative text continues) and what it said.
  private struct Followed {
    let folder: Int32
    let folderPath: String
    let name: String
    let path: String
    let destination: String
  }

  /// Follows the links at `path`'s name, by descriptor from the folders
  /// the link walk reaches (``ProtectedLinkWalk/walk(_:from:rule:visit:)``):
  /// a folder on the way swapped for a link meanwhile cannot redirect the
  /// write.
  /// - Throws: ``OutputError`` (`.cannotCreate`) for a folder, another
  ///   user's link, a loop (ELOOP), another user's file of any kind in a
  ///   sticky world-writable folder, or a name that cannot be looked up;
  ///   the error names the link or the file.
  static func resolve(_ path: String) throws(OutputError) -> OutputTarget {
    // As open(2) refuses it: the checks against the files the run reads
    // ask stat(2) about the same text, and must not be told nothing.
    guard path.utf8.count < PATH_MAX else {
      throw OutputError(.cannotCreate, path: path, reason: String(cString: strerror(ENAMETOOLONG)))
    }
    var current = path
    var followed: Followed?
    defer { if let followed { close(followed.folder) } }
    for _ in 0...ProtectedLinkWalk.maximumLinks {
      let (given, name) = ProtectedLinkWalk.split(current)
      let walked: WalkedPath
      do throws(ProtectedLinkWalk.Refusal) {
        let start = followed.map { (descriptor: $0.folder, path: $0.folderPath) }
        walked = try ProtectedLinkWalk.walk(given, from: start, rule: .callerOrRoot)
      } catch {
        throw OutputError(.cannotCreate, path: path, reason: error.reason)
      }
      guard walked.descriptor >= 0 else {
        if walked.error == ENOENT, let followed { return try unnamedTarget(of: followed, path: path) }
        if walked.error == ENOENT, name.isEmpty {
          throw OutputError(.cannotCreate, path: path, reason: "names a folder, not a file")
        }
        // `a.md/x/y.md`: said as for `a.md/y.md`, naming the file on the way.
        if walked.error == ENOTDIR, let (folderPath, isRegularFile) = walked.failedIn {
          throw OutputError(
            .cannotCreate, path: path,
            reason: isRegularFile
              ? "\(folderPath) is a file, not a folder" : "\(folderPath): \(String(cString: strerror(ENOTDIR)))")
        }
        throw OutputError(.cannotCreate, path: path, reason: String(cString: strerror(walked.error)))
      }
      let folder = walked.descriptor
      var keepsFolder = false
      defer { if !keepsFolder { close(folder) } }
      let folderPath = walked.path
      current = folderPath == "/" ? "/" + name : folderPath + "/" + name
      var folderInfo = stat()
      guard fstat(folder, &folderInfo) == 0 else { throw OutputError(.cannotCreate, path: path, reason: lastError) }
      guard folderInfo.st_mode & S_IFMT == S_IFDIR else {
        throw OutputError(.cannotCreate, path: path, reason: notAFolder(folderPath, info: folderInfo))
      }
      guard !name.isEmpty else { throw OutputError(.cannotCreate, path: path, reason: "is a directory") }
      let found = openat(folder, name, __O_PATH | O_NOFOLLOW | O_CLOEXEC)
      var info = stat()
      guard found >= 0, fstat(found, &info) == 0 else {
        let code = errno
        if found >= 0 { close(found) }
        guard code == ENOENT else {
          throw OutputError(.cannotCreate, path: path, reason: String(cString: strerror(code)))
        }
        if let followed { return try unnamedTarget(of: followed, path: path) }
        keepsFolder = true
        return .file(folder: folder, folderPath: folderPath, name: name, existing: nil)
      }
      var keepsFound = false
      defer { if !keepsFound { close(found) } }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        if let refused = ProtectedLinkWalk.refusal(existing: current, info: info, in: folderInfo) {
          throw OutputError(.cannotCreate, path: path, reason: refused)
        }
        keepsFolder = true
        return .file(folder: folder, folderPath: folderPath, name: name, existing: info)
      case S_IFDIR:
        throw OutputError(.cannotCreate, path: path, reason: "is a directory")
      case S_IFLNK:
        try checkFollowable(current, owner: info.st_uid, in: folderInfo, path: path)
        let destination: String
        do throws(ProtectedLinkWalk.Refusal) {
          destination = try ProtectedLinkWalk.readLink(at: found, named: current)
        } catch {
          throw OutputError(.cannotCreate, path: path, reason: error.reason)
        }
        if let followed { close(followed.folder) }
        keepsFolder = true
        followed = Followed(
          folder: folder, folderPath: folderPath, name: name, path: current, destination: destination)
        current = destination
      default:
        if let refused = ProtectedLinkWalk.refusal(existing: current, info: info, in: folderInfo) {
          throw OutputError(.cannotCreate, path: path, reason: refused)
        }
        keepsFound = true
        return .writeThrough(descriptor: found, path: current, throughLink: false)
      }
    }
    throw OutputError(.cannotCreate, path: path, reason: "not following \(path): \(String(cString: strerror(ELOOP)))")
  }

  /// Refuses the link at `link` (owned by `owner`) in the folder of
  /// status `folder` unless it is the caller's or root's.
  static func checkFollowable(_ link: String, owner: uid_t, in folder: stat, path: String) throws(OutputError) {
    if let refused = ProtectedLinkWalk.refusal(link, owner: owner, in: folder, rule: .callerOrRoot) {
      throw OutputError(.cannotCreate, path: path, reason: refused)
    }
  }

  /// What the link `followed` resolves to when its text names nothing
  /// (`pipe:[1234]` from `/proc/self/fd/1`) though the kernel can follow
  /// it, looked up from the link's folder's descriptor.
  /// - Throws: for a dangling link (its text names nothing): following it
  ///   would create a file where it points, which whoever made the link
  ///   chose.
  private static func unnamedTarget(of followed: Followed, path: String) throws(OutputError) -> OutputTarget {
    let target = openat(followed.folder, followed.name, __O_PATH | O_CLOEXEC)
    var info = stat()
    guard target >= 0, fstat(target, &info) == 0 else {
      let code = errno
      if target >= 0 { close(target) }
      guard code == ENOENT else {
        throw OutputError(.cannotCreate, path: path, reason: String(cString: strerror(code)))
      }
      throw OutputError(
        .cannotCreate, path: path,
        reason: "not following \(followed.path): a dangling symbolic link to \(followed.destination)")
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      close(target)
      throw OutputError(.cannotCreate, path: path, reason: "is a directory")
    // A deleted file (`/path (deleted)`): nothing to replace.
    case S_IFREG:
      close(target)
      throw OutputError(.cannotCreate, path: path, reason: String(cString: strerror(ENOENT)))
    default: return .writeThrough(descriptor: target, path: followed.path, throughLink: true)
    }
  }

  /// Why `file/`, `file/.` or `file/x` is no name to write: the walk
  /// reached `folderPath` (status `info`), which is no folder, as the
  /// kernel reads a name after a file (ENOTDIR).
  private static func notAFolder(_ folderPath: String, info: stat) -> String {
    guard info.st_mode & S_IFMT == S_IFREG else { return "\(folderPath): \(String(cString: strerror(ENOTDIR)))" }
    return "\(folderPath) is a file, not a folder"
  }

  static var lastError: String { String(cString: strerror(errno)) }
}
