import FoundationEssentials
import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a file that steers a run may be used: a config file (it can
/// name the program `--send` runs) or a roster (it names the task lists
/// read and who gets them): as ssh and sudo do with theirs, it must be a
/// file nobody but the caller and root could have written
/// (``TrustedPath``, which also covers the folders of the links on the
/// way).
///
/// An anonymous pipe or socket (`<(…)`, `/dev/stdin` on a pipe) holds
/// what the process that made it wrote, and nobody else can open it: it
/// is trusted as it is.
enum ConfigFileTrust {
  /// Why a file that steers the run could not be read: as ``DataFile``
  /// says, or not trusted (the reason).
  enum ReadRefusal: Error {
    case failure(DataFile.Failure)
    case untrusted(String)
  }

  /// The bytes of a file that steers the run (a config file, a roster),
  /// opened without blocking by ``TrustedPath``'s walk, its one lookup (a
  /// folder or link refused before anything beyond it is looked up, so a
  /// refusal does not depend on what lies there), then trusted as a file:
  /// a regular file, or also a pipe (and `/dev/null`, empty) when
  /// `takesPipes`.
  static func read(_ path: String, as role: DataFile.ReadRole, limit: Int, takesPipes: Bool) throws(ReadRefusal)
    -> [UInt8]
  {
    try readResolved(path, as: role, limit: limit, takesPipes: takesPipes).bytes
  }

  /// ``read(_:as:limit:takesPipes:)``, with the path its walk reached (no link left).
  static func readResolved(_ path: String, as role: DataFile.ReadRole, limit: Int, takesPipes: Bool)
    throws(ReadRefusal) -> (bytes: [UInt8], resolved: String)
  {
    let file: DataFile.Opened
    do {
      file = try DataFile.open(path, trusted: true, as: role)
    } catch {
      if case .untrusted(let reason) = error { throw .untrusted(reason) }
      throw .failure(error)
    }
    defer { close(file.descriptor) }
    switch file.kind {
    case .regular: break
    case .pipe where takesPipes: break
    case .nullDevice where takesPipes: return ([], file.resolved)
    default: throw .failure(.wrongKind(file.what))
    }
    if let refused = refusal(descriptor: file.descriptor, info: file.info) { throw .untrusted(refused) }
    guard file.kind != .regular || Int(file.info.st_size) <= limit else { throw .failure(.tooLarge) }
    do {
      return (try DataFile.readAll(file.descriptor, limit: limit), file.resolved)
    } catch {
      throw .failure(error)
    }
  }

  /// Why the file open as `descriptor` (its status `info`) is not
  /// trusted, or nil; its folders were checked on the way to it.
  static func refusal(descriptor: Int32, info: stat) -> String? {
    if info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFSOCK, isAnonymous(descriptor) { return nil }
    return TrustedPath.refusal(file: info)
  }

  /// Whether `descriptor` is a pipe or socket without a name: the kernel
  /// shows it as `pipe:[inode]` or `socket:[inode]` in /proc.
  static func isAnonymous(_ descriptor: Int32) -> Bool {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard count > 0 else { return false }
    let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.hasPrefix("pipe:[") || text.hasPrefix("socket:[")
  }
}
