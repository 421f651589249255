#if canImport(Glibc)
  import Glibc
#endif

/// The temporary file a report is written into before it is renamed over
/// the output: `.NAME.posttim-XXXXXX` in the output's folder, locked with
/// an exclusive `flock(2)` before it has its name (or, where `O_TMPFILE`
/// is missing, created `O_CREAT|O_EXCL|O_NOFOLLOW` and locked at once)
/// and held locked until it is renamed or removed. The lock is what marks it live (``StaleTemporaryFiles``), so
/// liveness does not depend on PIDs, which mean nothing across PID
/// namespaces (containers).
package enum TemporaryOutputFile {
  /// `.`, `.posttim-` and six random characters: what a temporary name adds to NAME.
  static let addedBytes = 16

  /// `.NAME.posttim-`, with NAME cut (at a character boundary) so that the
  /// whole temporary name fits `nameMax` bytes: any name the file system
  /// takes can be written.
  static func prefix(for name: String, nameMax: Int) -> String {
    let room = max(nameMax - addedBytes, 0)
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in name.unicodeScalars {
      bytes += UTF8.width(scalar)
      guard bytes <= room else { break }
      kept.append(scalar)
    }
    return "." + String(kept) + ".posttim-"
  }

  /// The longest file name in the folder open as `directory` (NAME_MAX).
  static func nameMax(_ directory: Int32) -> Int {
    let limit = fpathconf(directory, Int32(_PC_NAME_MAX))
    return limit > 0 ? limit : 255
  }

  static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

  /// The errno of a creation that failed.
  struct CreationFailure: Error {
    let number: Int32
  }

  /// Creates, locks and returns a new temporary file in `directory`,
  /// named `prefix` and six random letters or digits.
  ///
  /// Made unnamed (`O_TMPFILE`), locked, then given its name (`linkat`):
  /// a cleaner never sees it unlocked. Where the file system or the
  /// kernel cannot (no `O_TMPFILE`, no /proc), it is created by name and
  /// locked at once; a cleaner that took it in between has removed the
  /// name, and another is tried.
  /// - Returns: the descriptor (write only, 0600) and the name, or the
  ///   errno of the failed creation.
  static func create(in directory: Int32, prefix: String) -> Result<(descriptor: Int32, name: String), CreationFailure>
  {
    switch createUnnamed(in: directory, prefix: prefix) {
    case .some(let result): return result
    case .none: return createNamed(in: directory, prefix: prefix)
    }
  }

  /// `O_TMPFILE | O_DIRECTORY` (Linux's value; Glibc's macro is not imported).
  package static let unnamedFlag: Int32 = 0o20_200_000

  /// The name part after `prefix`: six random letters or digits.
  static func randomName(_ prefix: String, _ generator: inout some RandomNumberGenerator) -> String {
    let suffix = (0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] }
    return prefix + String(decoding: suffix, as: UTF8.self)
  }

  /// The unnamed way; nil where it is not available.
  static func createUnnamed(
    in directory: Int32, prefix: String
  ) -> Result<(descriptor: Int32, name: String), CreationFailure>? {
    let descriptor = openat(directory, ".", unnamedFlag | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      // Not supported here: the named way. Anything else (EACCES, ENOSPC)
      // it would meet too.
      return [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) ? nil : .failure(CreationFailure(number: errno))
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let name = randomName(prefix, &generator)
      if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", directory, name, AT_SYMLINK_FOLLOW) == 0 {
        return .success((descriptor, name))
      }
      if errno == EEXIST { continue }
      let number = errno
      close(descriptor)
      // No /proc: the named way.
      return number == ENOENT ? nil : .failure(CreationFailure(number: number))
    }
    close(descriptor)
    return .failure(CreationFailure(number: EEXIST))
  }

  /// The named way: `O_CREAT|O_EXCL|O_NOFOLLOW`, then the lock.
  static func createNamed(in directory: Int32, prefix: String) -> Result<
    (descriptor: Int32, name: String), CreationFailure
  > {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let name = randomName(prefix, &generator)
      let descriptor = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else {
        if errno == EEXIST { continue }
        return .failure(CreationFailure(number: errno))
      }
      // A cleaner may have opened the new file before the lock: it then
      // holds the lock and removes the name, and another name is tried.
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0, isLinked(descriptor, as: name, in: directory) {
        return .success((descriptor, name))
      }
      close(descriptor)
    }
    return .failure(CreationFailure(number: EEXIST))
  }

  /// Whether `name` in `directory` is still the file open as `descriptor`.
  static func isLinked(_ descriptor: Int32, as name: String, in directory: Int32) -> Bool {
    var open = stat()
    var named = stat()
    return fstat(descriptor, &open) == 0 && open.st_nlink > 0
      && fstatat(directory, name, &named, AT_SYMLINK_NOFOLLOW) == 0 && named.st_dev == open.st_dev
      && named.st_ino == open.st_ino
  }
}
