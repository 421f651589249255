import FoundationEssentials
import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// What the roster has delivered: one line per delivery, appended and
/// synced to disk (`fsync`) before the next reader is handled, so a re-run
/// after a crash or a kill skips exactly what was delivered.
///
/// A line is `ID TAB LOCAL-DATE TAB MESSAGE-ID TAB UTC-TIME TAB HOW LF`
/// (`how` is `sent`, `written` or `skipped`; every field is checked:
/// ``Entry/problem``). A last line cut short by a crash has no
/// LF: opening the journal cuts it off (the record is written after the
/// delivery, so what it lacks is only the record of a delivery made; the
/// reader gets the same message again, with the same Message-ID).
///
/// The journal is locked (`flock`) for the whole run: a second run on the
/// same journal (an hourly cron line whose previous run is still going)
/// stops at once instead of sending the same mail twice.
final class RosterJournal {
  struct Entry: Equatable {
    let id: String
    /// The reader's local date, `YYYY-MM-DD`.
    let localDate: String
    let messageID: String
    /// When it was delivered, ISO 8601 UTC.
    let time: String
    let how: String
  }

  enum Failure: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    /// A new journal (or lock file) the file system has no room for.
    case cannotCreate(path: String, reason: String)
    case busy(path: String)
    /// A run with another split (`--shard K/N`, N here) holds the folder.
    case otherSplit(path: String, count: Int)
    /// The journal's first line names another roster file.
    case otherRoster(path: String, owner: String, roster: String)
    /// A delivery made but not recorded: the next run makes it again.
    case notRecorded(path: String, reason: String, reader: String, row: Int, how: String)
    case corrupt(path: String, line: Int, reason: String)
    case cannotWrite(path: String, reason: String)
    /// Another user could have written it, or its folder (``TrustedPath``).
    case untrusted(path: String, reason: String)

    var description: String {
      switch self {
      case .cannotOpen(let path, let reason): return "journal '\(path)': \(reason)"
      case .cannotCreate(let path, let reason):
        return "journal '\(path)': cannot be created: \(reason); nothing was done"
      case .busy(let path): return "journal '\(path)' is in use by another run; nothing was done"
      case .otherSplit(let path, let count):
        return "state folder '\(path)': journal in use by a run with another split (N=\(count)); nothing was done"
      case .otherRoster(let path, let owner, let roster):
        return "journal '\(path)' belongs to the roster '\(owner)', not to '\(roster)': "
          + "give each roster its own --state folder; nothing was done"
      case .notRecorded(let path, let reason, let reader, let row, let how):
        return "journal '\(path)': cannot record a delivery: \(reason): \(reader) (row \(row)) was \(how) "
          + "but not recorded: it will be \(how) again by the next run"
      case .corrupt(let path, let line, let reason):
        return "journal '\(path)', line \(line): not a journal record: \(reason)"
      case .cannotWrite(let path, let reason): return "journal '\(path)': cannot record a delivery: \(reason)"
      case .untrusted(let path, let reason): return "journal '\(path)': not trusted: \(reason)"
      }
    }
  }

  let path: String
  private let descriptor: Int32
  /// What earlier runs recorded. This run's records are not kept: a run
  /// handles each reader once (IDs are unique), so none is looked up
  /// again, and a long roster's memory stays flat.
  private var entries: [String: Entry] = [:]

  /// Whether the journal was empty when this run opened it (it has no
  /// record of any delivery).
  let isNew: Bool
  /// The roster its first line names (as written there), which its
  /// readers' Message-IDs are derived in (``RosterSchedule/Entry``): it
  /// stays when the roster moves. Nil for a journal without that line
  /// (made before journals named their roster): IDs of reader and date.
  let scope: String?
  /// Holds the folder against runs with another split.
  private let splitLock: RosterSplitLock

  /// Opens (creating them, mode 0700 and 0600) the state folder and the
  /// journal file in it, takes the split lock (``RosterSplitLock``), locks
  /// the journal and reads it.
  /// - Parameters:
  ///   - roster: the roster's identity (its real path): a new journal's
  ///     first line; a journal whose first line names another is refused.
  ///   - lock: the split lock's file name; `split`, the run's N.
  init(folder: String, name: String, roster: String, lock: String, split: Int) throws(Failure) {
    path = folder + "/" + name
    // A journal another user could write would say who was already sent;
    // their link on the way is not followed (ProtectedLinkWalk: as on every
    // path written, only the caller's and root's). Checked before anything
    // is made, and again once the folders are there.
    if let refused = TrustedPath.refusal(folderToMake: folder) { throw .untrusted(path: path, reason: refused) }
    // Made and then used through the walk's descriptor, never by name,
    // each folder trusted as the walk enters it: the checks by name word
    // the reason, this one binds it to the folders made and used.
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try ProtectedLinkWalk.walk(folder, rule: .callerOrRoot, makingFolders: true, trustingFolders: true)
    } catch {
      throw .untrusted(path: path, reason: error.reason)
    }
    let real = walked.openedFolder()
    guard real >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
    defer { close(real) }
    if let refused = TrustedPath.refusal(folder: folder) { throw .untrusted(path: path, reason: refused) }
    splitLock = try RosterSplitLock(folder: real, file: lock, shown: folder, split: split)
    let (descriptor, created) = try Self.openLocked(in: real, name, path: path)
    self.descriptor = descriptor
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = pread(descriptor, &chunk, chunk.count, off_t(bytes.count))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    let complete = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
    if complete < bytes.count {
      // From here on a throw leaves the descriptor to deinit.
      guard ftruncate(descriptor, off_t(complete)) == 0 else {
        throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      bytes.removeSubrange(complete...)
    }
    isNew = bytes.isEmpty
    scope = isNew ? Self.escaped(roster) : Self.owner(bytes)
    if let owner = Self.owner(bytes), !Self.belongs(owner, to: roster) {
      throw .otherRoster(path: path, owner: owner, roster: roster)
    }
    for entry in try Self.entries(bytes, path: path) { entries[Self.key(entry.id, entry.localDate)] = entry }
    if isNew {
      // A journal without its first line is not made yet (a full disk):
      // the run has not started, so nothing is said of deliveries.
      do throws(Failure) {
        try Self.append(Array((Self.headerPrefix + Self.escaped(roster) + "\n").utf8), to: descriptor, path: path)
      } catch {
        // One this run made is removed again, still locked: no empty
        // journal is left behind. (The lock file stays: other runs may
        // hold it open, and the next run uses it.)
        if created { Self.remove(name, in: real, opened: descriptor) }
        guard case .cannotWrite(_, let reason) = error else { throw error }
        throw .cannotCreate(path: path, reason: reason)
      }
    }
  }

  /// A journal's first line: the roster it belongs to. A journal without
  /// it (made before journals named their roster) belongs to the roster
  /// that finds it under its own name.
  static let headerPrefix = "# roster: "

  /// The roster a journal's first line names, or nil for none.
  static func owner(_ bytes: [UInt8]) -> String? {
    let prefix = Array(headerPrefix.utf8)
    guard bytes.starts(with: prefix), let end = bytes.firstIndex(of: 0x0A) else { return nil }
    return String(decoding: bytes[prefix.count..<end], as: UTF8.self)
  }

  /// Whether a journal whose first line names `owner` is `roster`'s: the
  /// same path, or one where no file is left (the roster moved, or a
  /// Kubernetes ConfigMap's timestamped folder was replaced at an update),
  /// so no other roster can claim it.
  static func belongs(_ owner: String, to roster: String) -> Bool {
    guard owner != escaped(roster) else { return true }
    var info = stat()
    return lstat(unescaped(owner), &info) != 0 && (errno == ENOENT || errno == ENOTDIR)
  }

  /// The path a first line names: ``escaped(_:)`` undone.
  static func unescaped(_ line: String) -> String {
    var result = ""
    var pendingBackslash = false
    for character in line {
      if pendingBackslash {
        result.append(character == "n" ? "\n" : character)
        pendingBackslash = false
      } else if character == "\\" {
        pendingBackslash = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A path on one line: backslash and line feed escaped.
  static func escaped(_ path: String) -> String {
    path.replacingLiteral("\\", with: "\\\\").replacingLiteral("\n", with: "\\n")
  }

  /// The records of a journal's complete lines.
  static func entries(_ bytes: [UInt8], path: String) throws(Failure) -> [Entry] {
    let scope = owner(bytes)
    var result: [Entry] = []
    var lineNumber = 0
    for var line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
      lineNumber += 1
      // An editor's CR LF ends a line as LF does.
      if line.last == 0x0D { line = line.dropLast() }
      // The header, and blank lines (an editor's, or `echo >>`), hold no record.
      if line.isEmpty || (lineNumber == 1 && line.starts(with: headerPrefix.utf8)) { continue }
      let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard fields.count == 5 else {
        throw .corrupt(
          path: path, line: lineNumber,
          reason: "\(fields.count) tab-separated field\(fields.count == 1 ? "" : "s"), a record has 5")
      }
      let entry = Entry(id: fields[0], localDate: fields[1], messageID: fields[2], time: fields[3], how: fields[4])
      if let problem = entry.problem(scope: scope) { throw .corrupt(path: path, line: lineNumber, reason: problem) }
      result.append(entry)
    }
    return result
  }

  /// The deliveries other runs of the same roster recorded in `folder`
  /// (its other shards' journals, `NAME.shard-K-of-N.journal`, and
  /// `NAME.journal`), all but `own`: read, not locked or changed, so a
  /// reader one split delivered is not sent again under another.
  /// - Throws: ``Failure/otherRoster`` for one whose first line names
  ///   another roster than `roster`.
  static func others(in folder: String, roster name: String, identity roster: String, own: String)
    throws(Failure) -> [Entry]
  {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var result: [Entry] = []
    for file in files.sorted() where file != own && isJournal(file, of: name) {
      let path = folder + "/" + file
      if let refused = linkRefusal(path, path: path) { throw refused }
      guard let file = try? DataFile.open(path), file.kind == .regular else {
        // Removed since it was listed: a run that could not start it.
        var info = stat()
        if lstat(path, &info) != 0 && errno == ENOENT { continue }
        throw .cannotOpen(path: path, reason: "cannot be read")
      }
      defer { close(file.descriptor) }
      if let refused = TrustedPath.refusal(file: file.info) { throw .untrusted(path: path, reason: refused) }
      guard let bytes = try? DataFile.readAll(file.descriptor, limit: 1 << 30) else {
        throw .cannotOpen(path: path, reason: "cannot be read")
      }
      // A last line another run is writing (or was writing when it died)
      // is not a record yet.
      let complete = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
      if let owner = owner(Array(bytes[..<complete])), !belongs(owner, to: roster) {
        throw .otherRoster(path: path, owner: owner, roster: roster)
      }
      result += try entries(Array(bytes[..<complete]), path: path)
    }
    return result
  }

  /// Opens (creating it) and locks the journal `name` in the state folder
  /// open as `folder`; `created` says
  /// whether this run made the file.
  /// - Throws: ``Failure/busy(path:)`` when another run holds it.
  private static func openLocked(in folder: Int32, _ name: String, path: String) throws(Failure) -> (
    descriptor: Int32, created: Bool
  ) {
    // A run that made the journal and could not start it removes it while
    // it holds the lock: one that opened it meanwhile gets the lock on a
    // file without a name, and opens the name again.
    for _ in 0..<attempts {
      let (descriptor, created) = try openTrusted(name, in: folder, path: path, flags: O_APPEND)
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        close(descriptor)
        throw .busy(path: path)
      }
      var info = stat()
      if fstat(descriptor, &info) != 0 || info.st_nlink > 0 { return (descriptor, created) }
      close(descriptor)
    }
    throw .busy(path: path)
  }

  /// How often a name removed under a run's feet is opened again.
  private static let attempts = 8

  /// Removes `name` in `folder` if it is still the file `descriptor` has open.
  private static func remove(_ name: String, in folder: Int32, opened descriptor: Int32) {
    var named = stat()
    var opened = stat()
    guard fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0, fstat(descriptor, &opened) == 0,
      named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
    else { return }
    unlinkat(folder, name, 0)
  }

  /// Opens (creating it, mode 0600) the regular file `name` of the state
  /// folder open as `folder`, for reading and writing, never through a link, and checks it is
  /// trusted (``TrustedPath/refusal(file:)``); `created` says whether this
  /// call made it.
  static func openTrusted(_ name: String, in folder: Int32, path: String, flags: Int32 = 0) throws(Failure)
    -> (descriptor: Int32, created: Bool)
  {
    let common = O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | flags
    var descriptor = openat(folder, name, common | O_CREAT | O_EXCL, 0o600)
    let created = descriptor >= 0
    if !created && errno == EEXIST {
      // There (or a link: O_NOFOLLOW refuses it below). Gone again since
      // (another run removed the journal it could not start): made anew.
      descriptor = openat(folder, name, common)
      if descriptor < 0 && errno == ENOENT {
        return try openTrusted(name, in: folder, path: path, flags: flags)
      }
    }
    guard descriptor >= 0 else {
      let code = errno
      let reason = String(cString: strerror(code))
      if let refused = linkRefusal(name, in: folder, path: path) { throw refused }
      // No room for a new file's name or inode: only a creation fails so.
      throw [ENOSPC, EDQUOT].contains(code)
        ? .cannotCreate(path: path, reason: reason) : .cannotOpen(path: path, reason: reason)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw .cannotOpen(path: path, reason: "not a regular file")
    }
    if let refused = TrustedPath.refusal(file: info) {
      close(descriptor)
      throw .untrusted(path: path, reason: refused)
    }
    return (descriptor, created)
  }

  /// The refusal of a symbolic link at a journal's name (`real`, in the
  /// folder open as `folder`), or nil:
  /// a journal is never read or written through a link, whoever owns it
  /// (one dangling or planted would move what the roster remembers).
  static func linkRefusal(_ real: String, in folder: Int32 = AT_FDCWD, path: String) -> Failure? {
    var info = stat()
    guard fstatat(folder, real, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
    return .untrusted(path: path, reason: "it is a symbolic link (a journal is never used through one)")
  }

  /// `NAME.journal` or `NAME.shard-K-of-N.journal`.
  static func isJournal(_ file: String, of name: String) -> Bool {
    if file == name + ".journal" { return true }
    let prefix = name + ".shard-"
    guard file.hasPrefix(prefix), file.hasSuffix(".journal") else { return false }
    let middle = file.dropFirst(prefix.count).dropLast(".journal".count)
    let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[1] == "of" && RosterShard("\(parts[0])/\(parts[2])") != nil
  }

  /// Unlocked before it is closed: a child being started elsewhere in the
  /// process holds a copy of every descriptor until it execs (vfork copies
  /// the table; O_CLOEXEC closes it only at the exec), and the lock, which
  /// belongs to the open file, lasted as long as that copy.
  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// The delivery an earlier run recorded for this reader on this local
  /// date, if any.
  func entry(id: String, localDate: String) -> Entry? { entries[Self.key(id, localDate)] }

  /// Appends a delivery and waits until it is on disk.
  func record(_ entry: Entry) throws(Failure) {
    let line = [entry.id, entry.localDate, entry.messageID, entry.time, entry.how].joined(separator: "\t") + "\n"
    try Self.append(Array(line.utf8), to: descriptor, path: path)
  }

  /// Writes `line` at the end and waits until it is on disk.
  private static func append(_ line: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
    var bytes = line[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
      }
      bytes = bytes.dropFirst(written)
    }
    guard fsync(descriptor) == 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
  }

  private static func key(_ id: String, _ localDate: String) -> String { id + "\u{0}" + localDate }
}
