import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The rule for files that steer a run (the config file, the roster's
/// journals, zone files): only the caller and root could have written them.
/// - the file is owned by the caller (effective uid) or root, and not
///   writable by group or others;
/// - every folder on its real path up to `/`, and the folder of every
///   symbolic link followed to reach it, is owned by the caller or root
///   and not writable by group or others unless sticky (as `/tmp` is:
///   there nobody else can rename or remove an entry that is not theirs).
/// Links are followed only under the kernel's `protected_symlinks` rule
/// for a file read (the config file, the roster), and only the caller's
/// and root's for a folder written (the state folder; ``ProtectedLinkWalk``).
/// It lives in PosttimICU, beside the link walk, so that the zone reader
/// shares it.
package enum TrustedPath {
  /// Why a file of status `info` is not trusted, or nil.
  package static func refusal(file info: stat) -> String? {
    guard info.st_uid == 0 || info.st_uid == geteuid() else {
      return "owned by uid \(info.st_uid), not by you or root"
    }
    guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
      return "mode \(octal(info.st_mode)) lets other users change it (chmod go-w)"
    }
    return nil
  }

  /// `path` walked by descriptor with every folder on the way checked as
  /// it is entered (``ProtectedLinkWalk/walk(_:from:rule:makingFolders:trustingFolders:visit:)``):
  /// the one lookup of a trusted file, so the refusal follows the path (a
  /// link of another user's is refused before anything beyond it is
  /// looked up) and a folder swapped for a link cannot pass one check and
  /// hand over a file on another path.
  /// - Throws: the reason a link is not followed or a folder not trusted.
  package static func walk(_ path: String, rule: ProtectedLinkWalk.Rule = .protectedSymlinks)
    throws(ProtectedLinkWalk.Refusal) -> WalkedPath
  {
    try ProtectedLinkWalk.walk(path, rule: rule, trustingFolders: true)
  }

  /// Why the file at `path`, already open (its status `info`), or the
  /// folders leading to it are not trusted, or nil: the walk must reach
  /// that same file.
  package static func refusal(_ path: String, info: stat) -> String? {
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try walk(path)
    } catch {
      return error.reason
    }
    defer { walked.closeDescriptor() }
    guard let reached = walked.info else {
      return "it cannot be found again (\(String(cString: strerror(walked.error))))"
    }
    guard reached.st_dev == info.st_dev, reached.st_ino == info.st_ino else {
      return "it was replaced while it was checked"
    }
    return refusal(file: info)
  }

  /// Why the folder `path` (written), or those leading to it, are not
  /// trusted, or nil.
  package static func refusal(folder path: String) -> String? { refusal(walking: path, rule: .callerOrRoot) }

  /// Why the folder `path`, to be made where missing, may not be: the
  /// links on the way and the folders that exist are checked before
  /// anything is made (a dangling link of another user's must not get its
  /// folder made first and refused after).
  package static func refusal(folderToMake path: String) -> String? {
    refusal(walking: path, missingAllowed: true, rule: .callerOrRoot)
  }

  private static func refusal(
    walking path: String, missingAllowed: Bool = false, rule: ProtectedLinkWalk.Rule = .protectedSymlinks
  ) -> String? {
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try walk(path, rule: rule)
    } catch {
      return error.reason
    }
    walked.closeDescriptor()
    guard walked.descriptor < 0, !(missingAllowed && (walked.error == ENOENT || walked.error == ENOTDIR)) else {
      return nil
    }
    return "its folder cannot be found (\(String(cString: strerror(walked.error))))"
  }

  /// Why the folder `folder` (its status `info`) is not trusted, or nil:
  /// owned by the caller or root, and not writable by group or others
  /// unless sticky.
  package static func refusal(folderInfo info: stat, at folder: String) -> String? {
    guard info.st_uid == 0 || info.st_uid == geteuid() else {
      return "its folder \(folder) belongs to uid \(info.st_uid), not to you or root"
    }
    guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 || info.st_mode & S_ISVTX != 0 else {
      let who = info.st_mode & S_IWOTH != 0 ? "other users" : "its group"
      return "its folder \(folder) is writable by \(who) (mode \(octal(info.st_mode))) and not sticky"
    }
    return nil
  }

  /// `0644`: the permission bits, in octal.
  package static func octal(_ mode: mode_t) -> String {
    PaddedDigits.octal(Int(mode & 0o7777), width: 4)
  }
}
