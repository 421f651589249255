import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `--sendmail NAME` looks NAME up on `PATH` by the trust walk: an entry
/// whose walk crosses another user's link or folder is refused, exit 69,
/// whether NAME lies beyond it or not. Skipped, it would answer "not
/// found" through that link, or run the next entry's program, depending on
/// what lies beyond it.
@Suite(
  "Sendmail PATH entries through another user's link or folder",
  .requires(.builtBinary), .enabled(if: geteuid() == 0, "needs root to chown"))
struct SendmailPathEntryTrustTests {
  static let stranger = SendmailProgramTrustTests.stranger

  /// `home` (the stranger's folder) holding her link `l` to `trusted`
  /// and her folder `d`; `trusted/bin/sm` is root's script recording it ran.
  struct Setup {
    let root: URL
    var home: String { root.appending(path: "home").path }
    var trustedBin: String { root.appending(path: "trusted/bin").path }
    var ran: String { root.appending(path: "ran").path }

    init() throws {
      root = try temporaryFolder()
      #expect(chmod(root.path, 0o755) == 0)
      for folder in [trustedBin, home + "/d"] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try "#!/bin/sh\ncat > '\(ran)'\n".write(toFile: trustedBin + "/sm", atomically: false, encoding: .utf8)
      #expect(chmod(trustedBin + "/sm", 0o755) == 0)
      #expect(symlink(root.appending(path: "trusted").path, home + "/l") == 0)
      for path in [home + "/l", home + "/d", home] {
        #expect(lchown(path, SendmailPathEntryTrustTests.stranger, SendmailPathEntryTrustTests.stranger) == 0)
      }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Sends with `--sendmail sm` and `PATH` set to `path`.
    func send(path: String) throws -> Subprocess.Result {
      try GuardedShell.run(
        "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC --send --mail-to a@example.org "
          + "--mail-from b@example.org --sendmail sm",
        environment: ["PATH": path])
    }
  }

  @Test(
    "an entry through her link or folder, sm beyond it or not, before a trusted one: 69 naming it, nothing run",
    arguments: [
      ("l/nobin", "the link HOME/l: "), ("l/../nobin", "the link HOME/l: "), ("l/bin", "the link HOME/l: "),
      ("d", ""), ("nobin", ""),
    ])
  func entryRefused(entry: String, linkPrefix: String) throws {
    let setup = try Setup()
    defer { setup.remove() }
    let refused = setup.home + "/" + entry
    let result = try setup.send(path: "\(refused):\(setup.trustedBin):/usr/bin:/bin")
    #expect(result.status == 69)
    let reason =
      linkPrefix.replacingOccurrences(of: "HOME", with: setup.home)
      + "its folder \(setup.home) belongs to uid \(Self.stranger), not to you or root"
    #expect(
      result.stderr
        == "posttim-report: error: cannot send: the sendmail program \(refused)/sm is not trusted: \(reason); "
        + "nothing was sent\n")
    #expect(!FileManager.default.fileExists(atPath: setup.ran))
  }

  @Test("the trusted entry holding sm comes first: it is run, the entries after it are not looked at")
  func entriesAfterTheProgramNotLookedAt() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let result = try setup.send(path: "\(setup.trustedBin):\(setup.home)/l/nobin:\(setup.home)/d:/usr/bin:/bin")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOfFile: setup.ran, encoding: .utf8).contains("To: a@example.org"))
  }
}
