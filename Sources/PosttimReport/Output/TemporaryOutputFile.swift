#if canImport(Glibc)
  import Glibc
#endif

/// The temporary file a report is written into before it is renamed over
/// the output: `.NAME.posttim-XXXXXX` in the output's folder, created with
/// `O_CREAT|O_EXCL|O_NOFOLLOW` (never through a link, never an existing
/// file) and held under an exclusive `flock(2)` until it is renamed or
/// removed. The lock is what marks it live (``StaleTemporaryFiles``), so
/// liveness does not depend on PIDs, which mean nothing across PID
/// namespaces (containers).
enum TemporaryOutputFile {
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
  /// - Returns: the descriptor (write only, 0600) and the name, or the
  ///   errno of the failed creation.
  static func create(in directory: Int32, prefix: String) -> Result<(descriptor: Int32, name: String), CreationFailure>
  {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let suffix = (0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] }
      let name = prefix + String(decoding: suffix, as: UTF8.self)
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
