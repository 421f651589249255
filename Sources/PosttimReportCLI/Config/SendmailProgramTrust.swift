import FoundationEssentials
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
///
/// The program is checked by ``TrustedPath``'s walk, one lookup by
/// descriptor with each folder checked as it is entered, then run by its
/// path: a `#!` script run through `/proc/self/fd` would need that
/// descriptor open in sendmail (its interpreter opens `/dev/fd/N`).
enum SendmailProgramTrust {
  /// Why the program at `path` is not trusted, or nil. A missing one is
  /// left to the delivery, which says so.
  static func refusal(_ path: String) -> String? {
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try TrustedPath.walk(path)
    } catch {
      // A loop is a broken path, which the delivery names.
      return error.isLoop ? nil : error.reason
    }
    defer { walked.closeDescriptor() }
    guard let info = walked.info else { return nil }
    return TrustedPath.refusal(file: info)
  }
}
