import Foundation
import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// The sendmail program `--send` runs, wherever it is named (`--sendmail`,
/// the config file, a roster's options, a `PATH` lookup), is held to the
/// config file's rule (``TrustedPath``): the file it leads to owned by the
/// caller or root and not writable by group or others, in folders nobody
/// else can change. A trusted config file naming another user's program
/// would otherwise have a root cron job run what that user wrote.
enum SendmailProgramTrust {
  /// Why the program at `path` is not trusted, or nil. A missing one is
  /// left to the delivery, which says so.
  static func refusal(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return TrustedPath.refusal(file: info) ?? TrustedPath.refusal(folderOf: path)
  }
}
