import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Links at and on the way to the roster's `--state` folder and journals:
/// a refusal is a trust refusal (78, as security.md and usage.md say),
/// made before anything is created, and a link at a journal's name is
/// named as one.
@Suite("Roster state links", .enabled(if: geteuid() == 0, "needs root to chown"))
struct RosterStateLinkTests {
  static let stranger: uid_t = 4246
  static let row = RosterStateTrustTests.row
  static let now = RosterStateTrustTests.now

  static func send(_ fixture: RosterFixture, state: String) -> (ExitCode, CapturedRun) {
    let run = CapturedRun()
    let status = run.run([
      "roster", fixture.roster, "--send", "--sendmail", fixture.sendmail, "--state", state, "--mail-from",
      "roster@example.org", "--now", now,
    ])
    return (status, run)
  }

  @Test("--state through a dangling link in another user's folder: 78 before the folder it names is made")
  func danglingLinkInStrangersFolder() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    let theirs = fixture.folder.appending(path: "theirs").path
    try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: false)
    let made = fixture.folder.appending(path: "made").path
    // Root's link, so the walk follows it: the folder it is in, which its
    // owner can change, is what refuses it.
    try FileManager.default.createSymbolicLink(atPath: theirs + "/st", withDestinationPath: made + "/state")
    #expect(lchown(theirs + "/st", 0, 0) == 0)
    #expect(chown(theirs, Self.stranger, Self.stranger) == 0)
    let (status, run) = Self.send(fixture, state: theirs + "/st")
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(theirs)/st/roster.journal': not trusted: the link \(theirs)/st: "
          + "its folder \(theirs) belongs to uid \(Self.stranger), not to you or root"
      ])
    #expect(!FileManager.default.fileExists(atPath: made))
    #expect(fixture.messages.isEmpty)
  }

  @Test("--state through another user's link in a sticky world-writable folder: 78 (a trust refusal), nothing made")
  func strangersLinkInStickyFolder() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    let shared = fixture.folder.appending(path: "shared").path
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    #expect(chmod(shared, 0o1777) == 0)
    let made = fixture.folder.appending(path: "made").path
    try FileManager.default.createSymbolicLink(atPath: shared + "/st", withDestinationPath: made)
    #expect(lchown(shared + "/st", Self.stranger, Self.stranger) == 0)
    let (status, run) = Self.send(fixture, state: shared + "/st")
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(shared)/st/roster.journal': not trusted: not following \(shared)/st: "
          + "a symbolic link of uid \(Self.stranger), neither yours nor root's (a write follows no other)"
      ])
    #expect(!FileManager.default.fileExists(atPath: made))
  }

  @Test(
    "a link at a journal's name in the state folder, dangling or not: 78 saying it is a symbolic link",
    arguments: ["roster.journal", "roster.shard-1-of-2.journal"])
  func linkAtJournalName(name: String) throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    let journal = fixture.state + "/" + name
    try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: fixture.folder.path + "/nowhere")
    let (status, run) = Self.send(fixture, state: fixture.state)
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(journal)': not trusted: it is a symbolic link (a journal is never used "
          + "through one)"
      ])
    #expect(fixture.messages.isEmpty)
  }

  @Test("a --state below a regular file is still a folder that cannot be made (73), not a trust refusal")
  func stateBelowAFile() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    let state = fixture.roster + "/state"
    let (status, run) = Self.send(fixture, state: state)
    #expect(status == .cannotCreate)
    #expect(run.stderr == ["posttim-report: error: journal '\(state)/roster.journal': Not a directory"])
  }
}
