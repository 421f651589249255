import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The roster's journal says who was already sent today, so a forged one
/// would silently keep mail from being sent: the `--state` folder and its
/// journals are trusted only as a config file is (owned by the caller or
/// root, not writable by others, in folders nobody else can change).
@Suite("Roster state trust", .enabled(if: geteuid() == 0, "needs root to chown"))
struct RosterStateTrustTests {
  static let stranger: uid_t = 4245
  static let row = "id,list,locale,time-zone,mail-to\nzoe,tasks.plist,fr_CA,America/Toronto,z@example.org\n"
  static let now = "2026-11-30T14:00:00Z"

  /// A journal line saying zoe was sent her mail today.
  static let forged =
    "zoe\t2026-11-30\t<posttim-roster.ce46eb1987694819.20261130@example.org>\t2026-11-30T13:00:00Z\tsent\n"

  @Test("another user's state folder holding a forged journal: 78 naming the folder, nothing marked sent")
  func strangersStateFolder() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    try Self.forged.write(toFile: fixture.state + "/roster.journal", atomically: false, encoding: .utf8)
    #expect(chown(fixture.state, Self.stranger, Self.stranger) == 0)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(fixture.state)/roster.journal': not trusted: its folder \(fixture.state) "
          + "belongs to uid 4245, not to you or root"
      ])
    #expect(!run.stdout.contains("already sent"))
  }

  @Test("a state folder others may write to, not sticky: 78 naming its mode")
  func openStateFolder() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    #expect(chmod(fixture.state, 0o777) == 0)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(fixture.state)/roster.journal': not trusted: its folder \(fixture.state) "
          + "is writable by other users (mode 0777) and not sticky"
      ])
    #expect(fixture.messages.isEmpty)
  }

  @Test("another user's journal, or one others may write, in a trusted folder: 78, the mail not skipped in silence")
  func strangersJournal() throws {
    for (name, owner, mode) in [
      ("roster.journal", Self.stranger, 0o600), ("roster.journal", 0, 0o666),
      ("roster.shard-1-of-2.journal", Self.stranger, 0o600),
    ] as [(String, uid_t, mode_t)] {
      let fixture = try RosterFixture(Self.row)
      defer { fixture.remove() }
      try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
      let journal = fixture.state + "/" + name
      try Self.forged.write(toFile: journal, atomically: false, encoding: .utf8)
      #expect(chown(journal, owner, owner) == 0)
      #expect(chmod(journal, mode) == 0)
      let (status, run) = fixture.send(at: Self.now)
      #expect(status == .configuration, "\(name)")
      let reason =
        owner == 0
        ? "mode 0666 lets other users change it (chmod go-w)" : "owned by uid 4245, not by you or root"
      #expect(run.stderr == ["posttim-report: error: journal '\(journal)': not trusted: \(reason)"])
      #expect(!run.stdout.contains("already sent"))
    }
  }

  @Test("the caller's own state folder and journal are used: a re-run skips what was sent")
  func ownStateFolder() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    #expect(fixture.send(at: Self.now).0 == .success)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success)
    #expect(run.stdout.hasPrefix("zoe: already sent"))
    #expect(fixture.messages.count == 1)
  }
}
