#if canImport(Glibc)
  import Glibc
#endif

/// Temporary output files left by a run that was killed with SIGKILL (or
/// lost power), which no signal handler could remove.
///
/// A temporary file is named `.NAME.posttim-PID-XXXXXX`: NAME is the
/// output's file name, PID the writing process, XXXXXX from `mkstemp(3)`.
/// Before writing `NAME`, a run removes the files of that pattern beside it
/// whose process is gone. It removes only:
/// - entries of the output's own folder, named exactly `.NAME.posttim-PID-XXXXXX`
///   for the same NAME (other outputs' files, and files of older versions
///   without a PID, stay);
/// - whose PID is not a running process (`kill(PID, 0)` fails with ESRCH;
///   a live process with that PID, even a reused one, keeps the file);
/// - that are regular files (not links, folders, FIFOs) owned by the
///   effective user.
enum StaleTemporaryFiles {
  /// `.NAME.posttim-`: what every temporary name of the output `name` starts with.
  static func prefix(for name: String) -> String { "." + name + ".posttim-" }

  /// The `mkstemp(3)` template for output `name` in `folder`, recording this process's PID.
  static func template(folder: String, name: String) -> String {
    folder + "/" + prefix(for: name) + "\(getpid())-XXXXXX"
  }

  /// The PID recorded in `entry` if it is a temporary name of output
  /// `name`: `.NAME.posttim-`, decimal digits, `-`, six letters or digits.
  static func ownerPID(of entry: String, name: String) -> pid_t? {
    let prefix = prefix(for: name)
    guard entry.hasPrefix(prefix) else { return nil }
    let rest = entry.utf8.dropFirst(prefix.utf8.count)
    guard let dash = rest.firstIndex(of: UInt8(ascii: "-")) else { return nil }
    let digits = rest[rest.startIndex..<dash]
    let suffix = rest[rest.index(after: dash)...]
    guard (1...10).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }), suffix.count == 6,
      suffix.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }),
      let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0
    else { return nil }
    return pid
  }

  /// Removes the stale temporary files of output `name` in `folder`.
  /// Best effort: an unreadable folder or a failed removal is left as is.
  /// - Returns: the names removed.
  @discardableResult
  static func remove(folder: String, name: String) -> [String] {
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0, let stream = fdopendir(directory) else {
      if directory >= 0 { close(directory) }
      return []
    }
    defer { closedir(stream) }
    var removed: [String] = []
    while let entry = readdir(stream) {
      let entryName = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      guard let pid = ownerPID(of: entryName, name: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      var info = stat()
      guard fstatat(directory, entryName, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        info.st_uid == geteuid()
      else { continue }
      if unlinkat(directory, entryName, 0) == 0 { removed.append(entryName) }
    }
    return removed
  }
}
