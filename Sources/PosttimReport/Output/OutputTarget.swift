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
enum OutputTarget {
  /// A regular file to replace (`existing`: its status) or a new one to
  /// create: `name` in `folder`.
  case file(folder: String, name: String, existing: stat?)
  /// A device, FIFO or socket, written through. `throughLink`: `path` is
  /// a link the kernel resolves to something without a name (a `/proc`
  /// magic link such as `/dev/stdout` on a pipe), opened following it.
  case writeThrough(path: String, throughLink: Bool)

  /// Follows the links at `path`'s name.
  /// - Throws: ``OutputError`` (`.cannotCreate`) for a folder, another
  ///   user's link, a loop (ELOOP), another user's file of any kind in a
  ///   sticky world-writable folder, or a name that cannot be looked up;
  ///   the error names the link or the file.
  static func resolve(_ path: String) throws(OutputError) -> OutputTarget {
    var current = path
    for _ in 0...ProtectedLinkWalk.maximumLinks {
      let (given, name) = ProtectedLinkWalk.split(current)
      let folder: String
      do throws(ProtectedLinkWalk.Refusal) {
        folder = try ProtectedLinkWalk.resolve(folder: given, rule: .callerOrRoot)
      } catch {
        throw OutputError(.cannotCreate, path: path, reason: error.reason)
      }
      current = folder == "/" ? "/" + name : folder + "/" + name
      var info = stat()
      guard lstat(current, &info) == 0 else {
        guard errno == ENOENT else { throw OutputError(.cannotCreate, path: path, reason: lastError) }
        guard !name.isEmpty else { throw OutputError(.cannotCreate, path: path, reason: "names a folder, not a file") }
        return .file(folder: folder, name: name, existing: nil)
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        if let refused = ProtectedLinkWalk.refusal(existing: current, info: info, in: folder) {
          throw OutputError(.cannotCreate, path: path, reason: refused)
        }
        return .file(folder: folder, name: name, existing: info)
      case S_IFDIR:
        throw OutputError(.cannotCreate, path: path, reason: "is a directory")
      case S_IFLNK:
        try checkFollowable(current, owner: info.st_uid, in: folder, path: path)
        guard let destination = ProtectedLinkWalk.readLink(current) else {
          throw OutputError(.cannotCreate, path: path, reason: "not following \(current): \(lastError)")
        }
        let next = destination.hasPrefix("/") ? destination : (folder == "." ? "" : folder + "/") + destination
        if let unnamed = try unnamedTarget(of: current, destination: destination, next: next, path: path) {
          return unnamed
        }
        current = next
      default:
        if let refused = ProtectedLinkWalk.refusal(existing: current, info: info, in: folder) {
          throw OutputError(.cannotCreate, path: path, reason: refused)
        }
        return .writeThrough(path: current, throughLink: false)
      }
    }
    throw OutputError(.cannotCreate, path: path, reason: "not following \(path): \(String(cString: strerror(ELOOP)))")
  }

  /// Refuses the link at `link` (owned by `owner`) in `folder` unless it
  /// is the caller's or root's.
  static func checkFollowable(_ link: String, owner: uid_t, in folder: String, path: String) throws(OutputError) {
    if let refused = ProtectedLinkWalk.refusal(link, owner: owner, in: folder, rule: .callerOrRoot) {
      throw OutputError(.cannotCreate, path: path, reason: refused)
    }
  }

  /// What a link resolves to when its text names nothing (`pipe:[1234]`
  /// from `/proc/self/fd/1`) though the kernel can follow it; nil for an
  /// ordinary link.
  /// - Throws: for a dangling link (`destination`, its text, names
  ///   nothing): following it would create a file where it points, which
  ///   whoever made the link chose.
  static func unnamedTarget(of link: String, destination: String, next: String, path: String) throws(OutputError)
    -> OutputTarget?
  {
    var named = stat()
    guard lstat(next, &named) != 0, errno == ENOENT else { return nil }
    var info = stat()
    guard stat(link, &info) == 0 else {
      guard errno == ENOENT else { return nil }
      throw OutputError(
        .cannotCreate, path: path, reason: "not following \(link): a dangling symbolic link to \(destination)")
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: throw OutputError(.cannotCreate, path: path, reason: "is a directory")
    // A deleted file (`/path (deleted)`): nothing to replace.
    case S_IFREG: throw OutputError(.cannotCreate, path: path, reason: String(cString: strerror(ENOENT)))
    default: return .writeThrough(path: link, throughLink: true)
    }
  }

  static var lastError: String { String(cString: strerror(errno)) }
}
