import Foundation
import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a config file may be used: it can name the program `--send`
/// runs, so, as ssh and sudo do with theirs, it must be a file nobody but
/// the caller and root could have written:
/// - owned by the caller (effective uid) or by root;
/// - not writable by group or others;
/// - in folders, up to `/`, owned by the caller or root and not writable
///   by group or others unless sticky (as `/tmp` is: there nobody else
///   can rename or remove an entry that is not theirs).
///
/// An anonymous pipe or socket (`<(…)`, `/dev/stdin` on a pipe) holds
/// what the process that made it wrote, and nobody else can open it: it
/// is trusted as it is.
enum ConfigFileTrust {

  /// Refuses the file open as `descriptor` (its status `info`) at `path`.
  /// - Throws: ``ConfigFileError`` naming the owner, the mode or the folder.
  static func check(_ path: String, descriptor: Int32, info: stat) throws(ConfigFileError) {
    func refuse(_ reason: String) -> ConfigFileError {
      ConfigFileError(path: path, line: 0, column: 0, message: "config file not trusted: " + reason)
    }
    if info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFSOCK, isAnonymous(descriptor) { return }
    let me = geteuid()
    guard info.st_uid == 0 || info.st_uid == me else {
      throw refuse("owned by uid \(info.st_uid), not by you or root")
    }
    guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
      throw refuse("mode \(octal(info.st_mode)) lets other users change it (chmod go-w)")
    }
    // Another user's link on the way is not followed (ProtectedLinkWalk).
    let walked: String
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try ProtectedLinkWalk.resolve(folder: path)
    } catch {
      throw refuse(error.reason)
    }
    guard let resolved = realPath(walked) else {
      throw refuse("its folder cannot be found (\(String(cString: strerror(errno))))")
    }
    var folder = URL(fileURLWithPath: resolved).deletingLastPathComponent().path
    while true {
      var folderInfo = stat()
      guard stat(folder, &folderInfo) == 0 else {
        throw refuse("its folder \(folder) cannot be checked (\(String(cString: strerror(errno))))")
      }
      guard folderInfo.st_uid == 0 || folderInfo.st_uid == me else {
        throw refuse("its folder \(folder) belongs to uid \(folderInfo.st_uid), not to you or root")
      }
      guard folderInfo.st_mode & (S_IWGRP | S_IWOTH) == 0 || folderInfo.st_mode & S_ISVTX != 0 else {
        throw refuse(
          "its folder \(folder) is writable by other users (mode \(octal(folderInfo.st_mode))) and not sticky")
      }
      guard folder != "/" else { return }
      folder = URL(fileURLWithPath: folder).deletingLastPathComponent().path
    }
  }

  /// `0644`: the permission bits, in octal.
  static func octal(_ mode: mode_t) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
