import FoundationEssentials
import Glibc

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
  /// the rule (``walk(_:from:rule:visit:)``, the descriptor closed). A
  /// component that cannot be looked up (missing, no permission) ends the
  /// walk: the rest is appended as it is, and opening the result fails as
  /// the plain path would.
  /// - Throws: ``Refusal`` as the walk does.
  package static func resolve(
    folder: String, rule: Rule = .protectedSymlinks, visit: (_ link: String, _ folder: String) -> Void = { _, _ in }
  ) throws(Refusal) -> String {
    let walked = try walk(folder, rule: rule, visit: visit)
    walked.closeDescriptor()
    return walked.path
  }

  /// Walks `path` one component at a time by descriptor: each looked up
  /// with `openat(…, __O_PATH | O_NOFOLLOW)` relative to the folder before
  /// it, a link followed only under `rule` (judged by the link's and its
  /// folder's `fstat`) and its text read with `readlinkat`, `..` taken from
  /// the folder's descriptor. Nothing is looked up by name twice, so a
  /// folder swapped for a link during the walk, or after it, cannot
  /// redirect what the caller does with the result.
  /// - Parameter start: the folder a relative `path` starts from, with its
  ///   path text (a link's folder); nil for the current folder.
  /// - Parameter makingFolders: a missing component is made (a folder,
  ///   mode 0700) in the folder before it, as `mkdir -p` would.
  /// - Parameter trustingFolders: each folder the walk stands in (the
  ///   start and every folder above it, each one descended into, each
  ///   `..`, `/` for a link to an absolute path) is checked by `fstat` under
  ///   ``TrustedPath``'s folder rule before anything is looked up or made
  ///   in it. Every folder reached descends from a checked one, so this
  ///   covers the whole chain and the folders of the links followed, on
  ///   the lookup the caller uses.
  /// - Parameter visit: told of each link followed and the folder it is
  ///   in (that folder's path has no link left), for a caller that must
  ///   trust the folders links pass through too (the config file).
  /// - Returns: the descriptor of what `path` names, or the errno of the
  ///   component that could not be looked up (missing, no permission).
  /// - Throws: ``Refusal`` for a link the rule does not follow, a loop
  ///   (more than 40 links, the kernel's MAXSYMLINKS) or a link that
  ///   cannot be read, or (`trustingFolders`) the reason a folder is not
  ///   trusted.
  package static func walk(
    _ path: String, from start: (descriptor: Int32, path: String)? = nil, rule: Rule = .protectedSymlinks,
    makingFolders: Bool = false, trustingFolders: Bool = false,
    visit: (_ link: String, _ folder: String) -> Void = { _, _ in }
  ) throws(Refusal) -> WalkedPath {
    guard !path.isEmpty else { return WalkedPath(descriptor: -1, path: path, error: ENOENT) }
    // The kernel takes no path of PATH_MAX bytes or more (with its NUL); the
    // walk, which hands it one component at a time, must not either: a check
    // that asks stat(2) about the same text would be told nothing.
    guard path.utf8.count < PATH_MAX else { return WalkedPath(descriptor: -1, path: path, error: ENAMETOOLONG) }
    let folderFlags = __O_PATH | O_DIRECTORY | O_CLOEXEC
    var current: Int32
    var resolved: String
    if path.hasPrefix("/") {
      (current, resolved) = (open("/", folderFlags), "/")
    } else if let start {
      (current, resolved) = (openat(start.descriptor, ".", folderFlags), start.path)
    } else {
      (current, resolved) = (open(".", folderFlags), PathText.currentFolder() ?? ".")
    }
    guard current >= 0 else { return WalkedPath(descriptor: -1, path: path, error: errno) }
    // Why the folder stood in is not trusted: said at the next step, so
    // that a link found there is named (`m/l/../x`: the refusal is of
    // her link, whatever lies beyond it); a name that is not there is
    // refused the same way, and nothing beyond it is looked up.
    var distrust: String?
    func checkCurrent() {
      guard trustingFolders else { return }
      distrust = untrustedFolder(current, at: resolved)
    }
    func refuse(_ reason: String) throws(Refusal) -> Never {
      close(current)
      throw Refusal(reason: reason)
    }
    if trustingFolders, !path.hasPrefix("/"), let refused = untrustedFolders(above: current, at: resolved) {
      close(current)
      throw Refusal(reason: refused)
    }
    checkCurrent()
    var pending = path.split(separator: "/").reversed().map(String.init)
    var links = 0
    while let component = pending.popLast() {
      if component == "." {
        // `file/.` names nothing (ENOTDIR), as the kernel reads it: not the file.
        var info = stat()
        guard fstat(current, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
        errno = ENOTDIR
        return failed(current, at: resolved, path: resolved + "/.", pending: pending)
      }
      if let distrust {
        guard component != ".." else { try refuse(distrust) }
        try refuseLookUp(component, in: current, at: resolved, because: distrust)
      }
      if component == ".." {
        let parent = openat(current, "..", folderFlags)
        guard parent >= 0 else { return failed(current, at: resolved, path: resolved + "/..", pending: pending) }
        close(current)
        (current, resolved) = (parent, split(resolved).folder)
        checkCurrent()
        continue
      }
      let candidate = resolved == "/" ? "/" + component : resolved + "/" + component
      var next = openat(current, component, __O_PATH | O_NOFOLLOW | O_CLOEXEC)
      if next < 0, errno == ENOENT, makingFolders, mkdirat(current, component, 0o700) == 0 || errno == EEXIST {
        next = openat(current, component, __O_PATH | O_NOFOLLOW | O_CLOEXEC)
      }
      var info = stat()
      guard next >= 0, fstat(next, &info) == 0 else {
        if next >= 0 { close(next) }
        return failed(current, at: resolved, path: candidate, pending: pending)
      }
      guard info.st_mode & S_IFMT == S_IFLNK else {
        close(current)
        (current, resolved) = (next, candidate)
        checkCurrent()
        continue
      }
      defer { close(next) }
      links += 1
      guard links <= maximumLinks else {
        close(current)
        throw Refusal(reason: "not following \(path): \(String(cString: strerror(ELOOP)))", isLoop: true)
      }
      var folder = stat()
      let refused =
        fstat(current, &folder) == 0
        ? refusal(candidate, owner: info.st_uid, in: folder, rule: rule) : "not following \(candidate): \(lastError)"
      if let refused {
        close(current)
        throw Refusal(reason: refused)
      }
      visit(candidate, resolved)
      if isProc(current) {
        // A `/proc` link (`/proc/self/fd/0 -> pipe:[1234]`) names what
        // has no path: the kernel follows it, in a folder nobody swaps.
        let target = openat(current, component, __O_PATH | O_CLOEXEC)
        guard target >= 0 else { return failed(current, at: resolved, path: candidate, pending: pending) }
        close(current)
        (current, resolved) = (target, candidate)
        checkCurrent()
        continue
      }
      let text: String
      do throws(Refusal) {
        text = try readLink(at: next, named: candidate)
      } catch {
        close(current)
        throw error
      }
      if text.hasPrefix("/") {
        let root = open("/", folderFlags)
        guard root >= 0 else { return failed(current, at: resolved, path: "/", pending: pending) }
        close(current)
        (current, resolved) = (root, "/")
        checkCurrent()
      }
      pending += text.split(separator: "/").reversed().map(String.init)
    }
    if let distrust { try refuse(distrust) }
    // `file/` names a folder, as the kernel reads it.
    var info = stat()
    if path.hasSuffix("/"), fstat(current, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
      close(current)
      return WalkedPath(descriptor: -1, path: resolved, error: ENOTDIR)
    }
    return WalkedPath(descriptor: current, path: resolved, error: 0)
  }

  /// Throws why `component` of the untrusted folder open as `folder` (at
  /// `path`) is not used: `because`, naming `component` when it is a
  /// link. Whether it is there or not, so that the answer is the same.
  private static func refuseLookUp(
    _ component: String, in folder: Int32, at path: String, because reason: String
  ) throws(Refusal) -> Never {
    let entry = openat(folder, component, __O_PATH | O_NOFOLLOW | O_CLOEXEC)
    var info = stat()
    let isLink = entry >= 0 && fstat(entry, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    if entry >= 0 { close(entry) }
    close(folder)
    let link = path == "/" ? "/" + component : path + "/" + component
    throw Refusal(reason: isLink ? "the link \(link): " + reason : reason)
  }

  /// Why the folder open as `folder` (at `path`) is not trusted
  /// (``TrustedPath/refusal(folderInfo:at:)``), or nil; nil for what is
  /// not a folder (the file at the end of the path).
  private static func untrustedFolder(_ folder: Int32, at path: String) -> String? {
    var info = stat()
    guard fstat(folder, &info) == 0 else { return "its folder \(path) cannot be checked (\(lastError))" }
    guard info.st_mode & S_IFMT == S_IFDIR else { return nil }
    return TrustedPath.refusal(folderInfo: info, at: path)
  }

  /// Why a folder above the one open as `folder` (at `path`), up to `/`,
  /// is not trusted, or nil: each reached by `openat(…, "..")` from the
  /// one below, never by name.
  private static func untrustedFolders(above folder: Int32, at path: String) -> String? {
    var (below, shown) = (stat(), path)
    guard fstat(folder, &below) == 0 else { return "its folder \(path) cannot be checked (\(lastError))" }
    var current = openat(folder, ".", __O_PATH | O_DIRECTORY | O_CLOEXEC)
    defer { if current >= 0 { close(current) } }
    while current >= 0 {
      let parent = openat(current, "..", __O_PATH | O_DIRECTORY | O_CLOEXEC)
      close(current)
      current = parent
      shown = split(shown).folder
      var info = stat()
      guard parent >= 0, fstat(parent, &info) == 0 else {
        return "its folder \(shown) cannot be checked (\(lastError))"
      }
      // `/..` is `/` itself.
      if info.st_dev == below.st_dev && info.st_ino == below.st_ino { return nil }
      if let refused = TrustedPath.refusal(folderInfo: info, at: shown) { return refused }
      below = info
    }
    return nil
  }

  /// Whether the folder open as `folder` is in `/proc`.
  private static func isProc(_ folder: Int32) -> Bool {
    var info = stat()
    return procDevice != nil && fstat(folder, &info) == 0 && info.st_dev == procDevice
  }

  /// The device of the `/proc` file system, nil when none is mounted
  /// there (no `/proc/self/fd`).
  private static let procDevice: dev_t? = {
    var info = stat()
    guard access("/proc/self/fd", F_OK) == 0, stat("/proc", &info) == 0 else { return nil }
    return info.st_dev
  }()

  /// The walk ended at `path` (errno says why): `folder` closed, the rest
  /// of the path appended as given.
  private static func failed(_ folder: Int32, at folderPath: String, path: String, pending: [String]) -> WalkedPath {
    let code = errno
    var info = stat()
    let isRegularFile = fstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    close(folder)
    var walked = WalkedPath(descriptor: -1, path: ([path] + pending.reversed()).joined(separator: "/"), error: code)
    walked.failedIn = (folderPath, isRegularFile)
    return walked
  }

  /// Why the link at `link` (owned by `owner`) in the folder whose
  /// `fstat` is `folder` is not to be followed, or nil when `rule`
  /// follows it.
  package static func refusal(_ link: String, owner: uid_t, in folder: stat, rule: Rule = .protectedSymlinks)
    -> String?
  {
    if rule != .protectedSymlinks {
      guard owner != 0 && owner != geteuid() else { return nil }
      let what = rule == .callerOrRoot ? "a write" : "a file read as data"
      return
        "not following \(link): a symbolic link of uid \(owner), neither yours nor root's (\(what) follows no other)"
    }
    return isForeign(owner, in: folder)
      ? "not following \(link): a symbolic link of uid \(owner) in a sticky world-writable folder" : nil
  }

  /// Why the file at the output name `path` (described by `info`) in the
  /// folder whose `fstat` is `folder` is not to be written, or nil: the kernel's `protected_fifos`
  /// and `protected_regular` rules, whatever the sysctl says. Another
  /// user's FIFO in `/tmp` would hold a root run on its open, or feed a
  /// reader of theirs; their regular file there, replaced, would keep its
  /// owner and mode and hand them root's output.
  package static func refusal(existing path: String, info: stat, in folder: stat) -> String? {
    guard isForeign(info.st_uid, in: folder) else { return nil }
    let verb = info.st_mode & S_IFMT == S_IFREG ? "not replacing" : "not writing to"
    return "\(verb) \(path): \(NonBlockingFile.what(info)) of uid \(info.st_uid) in a sticky world-writable folder"
  }

  /// Whether something of `owner` in a folder is out of bounds under the
  /// kernel's protected rules: the folder is sticky and world-writable and
  /// neither the caller nor the folder's owner owns it (`info`: the
  /// folder's `fstat`).
  private static func isForeign(_ owner: uid_t, in info: stat) -> Bool {
    let stickyAndOpen = info.st_mode & S_ISVTX != 0 && info.st_mode & S_IWOTH != 0
    return stickyAndOpen && owner != geteuid() && owner != info.st_uid
  }

  /// The kernel's limit on links followed in one lookup (MAXSYMLINKS).
  package static let maximumLinks = 40

  /// `path` split at its last `/`: ("." , path) when it has none.
  package static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// The text of the link `link` is an `O_PATH | O_NOFOLLOW` descriptor
  /// of (at `path`, for the refusal).
  /// - Throws: ``Refusal`` when it cannot be read or is not UTF-8.
  package static func readLink(at link: Int32, named path: String) throws(Refusal) -> String {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.withMemoryRebound(to: CChar.self) { readlinkat(link, "", $0.baseAddress!, $0.count - 1) }
    }
    guard count > 0 else { throw Refusal(reason: "not following \(path): \(lastError)") }
    // Decoded with U+FFFD, the text would name another file.
    guard let text = String(validating: buffer[0..<count], as: UTF8.self) else {
      throw Refusal(
        reason:
          "not following \(path): its target is not UTF-8 text, '\(UndecodedBytes.escaped(Array(buffer[0..<count])))'")
    }
    return text
  }

  package static var lastError: String { String(cString: strerror(errno)) }
}
