import Foundation
import PosttimICU

/// `TMPDIR` (else `/tmp`), where `--send`'s message file and standard
/// output's staging file are made where the kernel refuses a memfd. Only the caller's and root's
/// links are followed, as on every path written (``ProtectedLinkWalk``):
/// another user's link would put a root run's file where that user chose.
package enum TemporaryFolder {
  /// The folder as the environment names it, for messages.
  package static var named: String {
    ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  /// `folder` with its links followed under the rule.
  /// - Throws: the refusal naming the link not followed (or the loop).
  package static func resolved(_ folder: String) throws(ProtectedLinkWalk.Refusal) -> String {
    try ProtectedLinkWalk.resolve(folder: folder, rule: .callerOrRoot)
  }
}
