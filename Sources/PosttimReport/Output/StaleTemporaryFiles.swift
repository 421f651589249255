#if canImport(Glibc)
  import Glibc
#endif

/// Temporary output files left by a run that was killed with SIGKILL (or
/// lost power), which no signal handler could remove.
///
/// Before writing NAME, a run removes the files beside it that are named
/// like its own temporary files (``TemporaryOutputFile``) and that no run
/// is writing. It removes only:
/// - entries of the output's own folder named exactly `.NAME.posttim-XXXXXX`
///   (six letters or digits), for the same NAME (shortened as the
///   temporary names of long NAMEs are);
/// - that are regular files (not links, folders, FIFOs) owned by the
///   effective user;
/// - that it can lock (`flock(2)`): a writer holds its file's lock until
///   the rename, whatever PID namespace it runs in, and the kernel drops
///   the lock of a killed run.
enum StaleTemporaryFiles {
  /// Whether `entry` is `prefix` followed by six ASCII letters or digits.
  static func matches(_ entry: String, prefix: String) -> Bool {
    guard entry.utf8.starts(with: prefix.utf8) else { return false }
    let suffix = entry.utf8.dropFirst(prefix.utf8.count)
    return suffix.count == 6 && suffix.allSatisfy { TemporaryOutputFile.alphabet.contains($0) }
  }

  /// Removes the stale temporary files named `prefix…` in the folder open
  /// as `directory`. Best effort: an unreadable folder or a failed
  /// removal is left as is.
  /// - Returns: the names removed.
  @discardableResult
  static func remove(in directory: Int32, prefix: String) -> [String] {
    remove(in: directory) { matches($0, prefix: prefix) }
  }

  /// Removes the stale temporary files of any of `names` in the folder open
  /// as `directory`, in one pass over the folder (a caller writing many
  /// files into one folder sweeps once, not once per file).
  /// - Returns: the names removed.
  @discardableResult
  static func remove(in directory: Int32, for names: some Sequence<String>) -> [String] {
    let nameMax = TemporaryOutputFile.nameMax(directory)
    let prefixes = Set(names.map { TemporaryOutputFile.prefix(for: $0, nameMax: nameMax) })
    return remove(in: directory) { entry in
      let utf8 = entry.utf8
      guard utf8.count > 6, utf8.first == UInt8(ascii: ".") else { return false }
      let prefix = String(decoding: utf8.dropLast(6), as: UTF8.self)
      return prefixes.contains(prefix) && matches(entry, prefix: prefix)
    }
  }

  /// Removes the stale temporary files whose names `isCandidate` accepts.
  private static func remove(in directory: Int32, where isCandidate: (String) -> Bool) -> [String] {
    let listing = dup(directory)
    guard listing >= 0, let stream = fdopendir(listing) else {
      if listing >= 0 { close(listing) }
      return []
    }
    defer { closedir(stream) }
    var removed: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      guard isCandidate(name) else { continue }
      // O_NOFOLLOW: a link is not followed; O_NONBLOCK: a FIFO cannot block.
      let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
      guard file >= 0 else { continue }
      defer { close(file) }
      var info = stat()
      guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
        flock(file, LOCK_EX | LOCK_NB) == 0, TemporaryOutputFile.isLinked(file, as: name, in: directory)
      else { continue }
      if unlinkat(directory, name, 0) == 0 { removed.append(name) }
    }
    return removed
  }
}
