import Foundation
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
  /// Refuses the file open as `descriptor` (its status `info`) at `path`.
  /// - Throws: ``ConfigFileError`` naming the owner, the mode or the folder.
  /// Why a file that steers the run could not be read: as ``DataFile``
  /// says, or not trusted (the reason).
  enum ReadRefusal: Error {
    case failure(DataFile.Failure)
    case untrusted(String)
  }

  /// The bytes of a file that steers the run (a config file, a roster),
  /// opened without blocking and trusted before it is read: a regular
  /// file, or also a pipe (and `/dev/null`, empty) when `takesPipes`.
  static func read(_ path: String, as role: DataFile.ReadRole, limit: Int, takesPipes: Bool) throws(ReadRefusal)
    -> [UInt8]
  {
    let file: DataFile.Opened
    do {
      // The trust check walks the path, and names a refused link as a reason not to trust it.
      file = try DataFile.open(path, checkingLinks: false, as: role)
    } catch {
      throw .failure(error)
    }
    defer { close(file.descriptor) }
    switch file.kind {
    case .regular: break
    case .pipe where takesPipes: break
    case .nullDevice where takesPipes: return []
    default: throw .failure(.wrongKind(file.what))
    }
    if let refused = refusal(path, descriptor: file.descriptor, info: file.info) { throw .untrusted(refused) }
    guard file.kind != .regular || Int(file.info.st_size) <= limit else { throw .failure(.tooLarge) }
    do {
      return try DataFile.readAll(file.descriptor, limit: limit)
    } catch {
      throw .failure(error)
    }
  }

  static func check(_ path: String, descriptor: Int32, info: stat) throws(ConfigFileError) {
    if let refused = refusal(path, descriptor: descriptor, info: info) {
      throw ConfigFileError(path: path, line: 0, column: 0, message: "config file not trusted: " + refused)
    }
  }

  /// Why the file open as `descriptor` (its status `info`) at `path` is
  /// not trusted, or nil.
  static func refusal(_ path: String, descriptor: Int32, info: stat) -> String? {
    if info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFSOCK, isAnonymous(descriptor) { return nil }
    return TrustedPath.refusal(path, info: info)
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
