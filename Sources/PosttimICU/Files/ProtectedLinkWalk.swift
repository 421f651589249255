import Foundation

/// A path's folders looked up one component at a time, following each
/// symbolic link only where a ``Rule`` allows, whatever the sysctl says:
/// with the kernel's rule off, `/tmp/s/dir -> /root` planted by another
/// user would take a root run's `-o /tmp/s/dir/report.md` into `/root`.
/// Used for zone files, `TZDIR` and the config file under the kernel's
/// rule, for the other files read as data (``NonBlockingFile``: task
/// lists, templates, catalogs) and every place written (`-o`, the roster's
/// `-o DIR` and `--state`, `TMPDIR`) under the stricter ones. It lives in
/// PosttimICU, the lowest Swift layer, so that the zone reader shares it.
package enum ProtectedLinkWalk {
  /// Which symbolic links a walk follows.
  package enum Rule: Sendable {
    /// The kernel's `protected_symlinks` rule, for files read: a link in a
    /// sticky, world-writable folder is followed only when it belongs to
    /// the caller or to the folder's owner.
    case protectedSymlinks
    /// For a place written: only the caller's and root's links, in any
    /// folder. The file there is replaced by a rename, so the owner of a
    /// folder a root job writes into could otherwise aim that write at any
    /// file (`/home/alice/agenda.html -> /etc/shadow`).
    case callerOrRoot
    /// For a file read as data (a task list, a template, a partial, a
    /// catalog, a roster reader's list): the same, since what is read goes
    /// back to whoever controls the link's folder (a roster mails a
    /// reader's list, through their templates, to that reader).
    case callerOrRootRead
  }

  /// Why a walk stopped: `link` is the link refused, or the path when the
  /// links loop.
  package struct Refusal: Error {
    package let reason: String
    /// The links loop (ELOOP): a broken path rather than a link refused.
    package var isLoop = false
  }

  /// `folder` with no symbolic link left in it: every one followed under
  /// the rule. A component that cannot be looked up (missing, no
  /// permission) ends the walk: the rest is appended as it is, and opening
  /// the result fails as the plain path would.
  /// - Throws: ``Refusal`` for a link the rule does not follow, a loop
  ///   (more than 40 links, the kernel's MAXSYMLINKS) or a link that
  ///   cannot be read.
  /// - Parameter visit: told of each link followed and the folder it is
  ///   in (that folder's path has no link left), for a caller that must
  ///   trust the folders links pass through too (the config file).
  package static func resolve(
    folder: String, rule: Rule = .protectedSymlinks, visit: (_ link: String, _ folder: String) -> Void = { _, _ in }
  ) throws(Refusal) -> String {
    var resolved: String
    if folder.hasPrefix("/") {
      resolved = "/"
    } else {
      guard let cwd = currentFolder() else { return folder }
      resolved = cwd
    }
    var pending = folder.split(separator: "/").reversed().map(String.init)
    var links = 0
    while let component = pending.popLast() {
      if component == "." { continue }
      if component == ".." {
        resolved = split(resolved).folder
        continue
      }
      let candidate = resolved == "/" ? "/" + component : resolved + "/" + component
      var info = stat()
      guard lstat(candidate, &info) == 0 else {
        return ([candidate] + pending.reversed()).joined(separator: "/")
      }
      guard info.st_mode & S_IFMT == S_IFLNK else {
        resolved = candidate
        continue
      }
      links += 1
      guard links <= maximumLinks else {
        throw Refusal(reason: "not following \(folder): \(String(cString: strerror(ELOOP)))", isLoop: true)
      }
      if let refused = refusal(candidate, owner: info.st_uid, in: resolved, rule: rule) {
        throw Refusal(reason: refused)
      }
      visit(candidate, resolved)
      guard let text = readLink(candidate) else {
        throw Refusal(reason: "not following \(candidate): \(lastError)")
      }
      if text.hasPrefix("/") { resolved = "/" }
      pending += text.split(separator: "/").reversed().map(String.init)
    }
    return resolved
  }

  /// Why the link at `link` (owned by `owner`) in `folder` is not to be
  /// followed, or nil when `rule` follows it.
  package static func refusal(_ link: String, owner: uid_t, in folder: String, rule: Rule = .protectedSymlinks)
    -> String?
  {
    if rule != .protectedSymlinks {
      guard owner != 0 && owner != geteuid() else { return nil }
      let what = rule == .callerOrRoot ? "a write" : "a file read as data"
      return
        "not following \(link): a symbolic link of uid \(owner), neither yours nor root's (\(what) follows no other)"
    }
    guard let foreign = isForeign(owner, in: folder) else { return "not following \(link): \(lastError)" }
    return foreign ? "not following \(link): a symbolic link of uid \(owner) in a sticky world-writable folder" : nil
  }

  /// Why the file at the output name `path` (described by `info`) in
  /// `folder` is not to be written, or nil: the kernel's `protected_fifos`
  /// and `protected_regular` rules, whatever the sysctl says. Another
  /// user's FIFO in `/tmp` would hold a root run on its open, or feed a
  /// reader of theirs; their regular file there, replaced, would keep its
  /// owner and mode and hand them root's output.
  package static func refusal(existing path: String, info: stat, in folder: String) -> String? {
    guard let foreign = isForeign(info.st_uid, in: folder) else {
      return "not writing to \(path): \(lastError)"
    }
    guard foreign else { return nil }
    let verb = info.st_mode & S_IFMT == S_IFREG ? "not replacing" : "not writing to"
    return "\(verb) \(path): \(NonBlockingFile.what(info)) of uid \(info.st_uid) in a sticky world-writable folder"
  }

  /// Whether something of `owner` in `folder` is out of bounds under the
  /// kernel's protected rules: the folder is sticky and world-writable and
  /// neither the caller nor the folder's owner owns it; nil when `folder`
  /// cannot be looked up (errno says why).
  private static func isForeign(_ owner: uid_t, in folder: String) -> Bool? {
    var info = stat()
    guard stat(folder, &info) == 0 else { return nil }
    let stickyAndOpen = info.st_mode & S_ISVTX != 0 && info.st_mode & S_IWOTH != 0
    return stickyAndOpen && owner != geteuid() && owner != info.st_uid
  }

  private static func currentFolder() -> String? {
    guard let text = getcwd(nil, 0) else { return nil }
    defer { free(text) }
    return String(cString: text)
  }

  /// The kernel's limit on links followed in one lookup (MAXSYMLINKS).
  package static let maximumLinks = 40

  /// `path` split at its last `/`: ("." , path) when it has none.
  package static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// The text of the link at `path`, or nil.
  package static func readLink(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, $0.count - 1) }
    }
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  package static var lastError: String { String(cString: strerror(errno)) }
}
