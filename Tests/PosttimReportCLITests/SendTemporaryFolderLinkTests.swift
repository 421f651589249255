import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `--send`'s message file is made in `TMPDIR` under the same link rule as
/// every other path written (security.md): another user's link is not
/// followed, and the run says so as for any unusable `TMPDIR` (69, nothing
/// sent), naming the link.
@Suite(
  "Send temporary folder link",
  .requires(.builtBinary), .enabled(if: geteuid() == 0, "needs root to chown"))
struct SendTemporaryFolderLinkTests {
  static let stranger: uid_t = 4247

  /// A sticky world-writable `shared` folder holding `link` to `target`
  /// (owned by `owner`), a sendmail that records it ran, and the example list.
  struct Setup {
    let folder: URL
    var link: String { folder.appending(path: "shared/tmpl").path }
    var target: String { folder.appending(path: "target").path }
    var sendmail: String { folder.appending(path: "sendmail.sh").path }
    var ran: String { folder.appending(path: "ran").path }

    init(owner: uid_t) throws {
      folder = try temporaryFolder()
      let shared = folder.appending(path: "shared").path
      try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
      #expect(chmod(shared, 0o1777) == 0)
      try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      #expect(lchown(link, owner, owner) == 0)
      try "#!/bin/sh\ncat > '\(ran)'\n".write(toFile: sendmail, atomically: true, encoding: .utf8)
      #expect(chmod(sendmail, 0o755) == 0)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    var refusal: String {
      "cannot send: cannot create a temporary file in \(link) (not following \(link): a symbolic link of uid "
        + "\(SendTemporaryFolderLinkTests.stranger), neither yours nor root's (a write follows no other)); nothing was sent"
    }
  }

  @Test("the report's --send with TMPDIR through another user's link: 69 naming the link, sendmail not run")
  func reportRefusesStrangersLink() throws {
    let setup = try Setup(owner: Self.stranger)
    defer { setup.remove() }
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC --send --mail-to a@example.org "
        + "--mail-from b@example.org --sendmail \"$SENDMAIL\"",
      environment: ["TMPDIR": setup.link, "SENDMAIL": setup.sendmail])
    #expect(result.status == 69)
    #expect(result.stderr == "posttim-report: error: \(setup.refusal)\n")
    #expect(!FileManager.default.fileExists(atPath: setup.ran))
  }

  @Test("your own link in the same folder is followed: the message is sent")
  func reportFollowsOwnLink() throws {
    let setup = try Setup(owner: geteuid())
    defer { setup.remove() }
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC --send --mail-to a@example.org "
        + "--mail-from b@example.org --sendmail \"$SENDMAIL\"",
      environment: ["TMPDIR": setup.link, "SENDMAIL": setup.sendmail])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOfFile: setup.ran, encoding: .utf8).contains("To: a@example.org"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: setup.target).isEmpty)
  }

  @Test("the roster's --send with TMPDIR through another user's link: the reader fails naming the link, 75")
  func rosterRefusesStrangersLink() throws {
    let setup = try Setup(owner: Self.stranger)
    defer { setup.remove() }
    let fixture = try RosterFixture("id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n")
    defer { fixture.remove() }
    let result = try GuardedShell.run(
      "exec \"$BIN\" roster \"$ROSTER\" --send --sendmail \"$SENDMAIL\" --state \"$STATE\" "
        + "--mail-from roster@example.org --now 2026-12-01T12:00:00Z",
      environment: [
        "TMPDIR": setup.link, "SENDMAIL": setup.sendmail, "ROSTER": fixture.roster, "STATE": fixture.state,
      ])
    #expect(result.status == 75)
    #expect(
      result.stdout
        == "zoe: failed: row 2: \(setup.refusal)\nroster: 0 sent, 0 not due, 0 already sent, 1 failed\n")
    #expect(
      result.stderr
        == RosterFixture.newJournalNote(fixture.state) + "\n"
        + "posttim-report: error: 1 reader failed (named above); the next run retries it\n")
    #expect(!FileManager.default.fileExists(atPath: setup.ran))
  }
}
