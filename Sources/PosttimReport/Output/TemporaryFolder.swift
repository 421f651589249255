import FoundationEssentials
import Glibc
import PosttimICU

/// `TMPDIR` (else `/tmp`), where `--send`'s message file and standard
/// output's staging file are made where the kernel refuses a memfd. Only the caller's and root's
/// links are followed, as on every path written (``ProtectedLinkWalk``):
/// another user's link would put a root run's file where that user chose.
package enum TemporaryFolder {
  /// The folder as the environment names it, for messages.
  package static var named: String {
    getenv("TMPDIR").flatMap { $0.pointee == 0 ? nil : String(cString: $0) } ?? "/tmp"
  }

  /// `folder` walked by descriptor, its links followed under the rule;
  /// files are made relative to the descriptor (an `O_TMPFILE` open of
  /// `.`), so a folder on the way swapped for a link meanwhile cannot
  /// move them.
  /// - Throws: the refusal naming the link not followed (or the loop).
  package static func walked(_ folder: String) throws(ProtectedLinkWalk.Refusal) -> WalkedPath {
    try ProtectedLinkWalk.walk(folder, rule: .callerOrRoot)
  }

  /// A new file without a name (`O_TMPFILE`, mode 0600) in the folder
  /// `walked` reached, or -1 with errno set; the walk's descriptor is
  /// closed.
  package static func unnamedFile(in walked: WalkedPath) -> Int32 {
    guard walked.descriptor >= 0 else {
      errno = walked.error
      return -1
    }
    defer { walked.closeDescriptor() }
    return openat(walked.descriptor, ".", TemporaryOutputFile.unnamedFlag | O_RDWR | O_CLOEXEC, 0o600)
  }
}
