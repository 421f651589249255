import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A journal belongs to one roster: its first line names the roster file,
/// and a state folder holding another roster's journal under the names this
/// roster would use is refused, not read as this roster's deliveries.
@Suite("Roster journal owner")
struct RosterJournalOwnerTests {
  static let row = "id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n"
  static let now = "2026-12-01T12:00:00Z"

  static func real(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  @Test("a new journal's first line names the roster's real path")
  func headerNamesRoster() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    #expect(fixture.send(at: Self.now).0 == .success)
    let journal = try String(contentsOfFile: fixture.state + "/roster.journal", encoding: .utf8)
    #expect(journal.hasPrefix("# roster: \(Self.real(fixture.roster))\nzoe\t2026-12-01\t"))
  }

  @Test("another roster of the same file name in the same state folder: 78 naming both, nothing sent")
  func sameNameOtherRoster() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    #expect(fixture.send(at: Self.now).0 == .success)
    let classB = fixture.folder.appending(path: "classB")
    try FileManager.default.createDirectory(at: classB, withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: fixture.folder.path + "/tasks.plist", toPath: classB.path + "/tasks.plist")
    try Self.row.write(toFile: classB.path + "/roster.csv", atomically: true, encoding: .utf8)
    let run = CapturedRun()
    let status = run.run([
      "roster", classB.path + "/roster.csv", "--send", "--sendmail", fixture.sendmail, "--state", fixture.state,
      "--mail-from", "roster@example.org", "--now", Self.now,
    ])
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(fixture.state)/roster.journal' belongs to the roster "
          + "'\(Self.real(fixture.roster))', not to '\(Self.real(classB.path + "/roster.csv"))': "
          + "give each roster its own --state folder; nothing was done"
      ])
    #expect(run.stdout == "")
    #expect(fixture.messages.count == 1)
  }

  @Test("a roster named like another's shard journal does not take that shard's deliveries as its own")
  func shardNamedRoster() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    // roster.csv's shard 0/2 or 1/2 holds zoe; its journal is roster.shard-K-of-2.journal.
    var shard = ""
    for candidate in ["0/2", "1/2"] {
      let (_, run) = fixture.send(at: Self.now, ["--shard", candidate])
      if run.stdout.contains("zoe: sent") { shard = candidate }
    }
    let name = "roster.shard-\(shard.first!)-of-2"
    let other = fixture.folder.path + "/\(name).csv"
    try Self.row.write(toFile: other, atomically: true, encoding: .utf8)
    let run = CapturedRun()
    let status = run.run([
      "roster", other, "--send", "--sendmail", fixture.sendmail, "--state", fixture.state, "--mail-from",
      "roster@example.org", "--now", Self.now,
    ])
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(fixture.state)/\(name).journal' belongs to the roster "
          + "'\(Self.real(fixture.roster))', not to '\(Self.real(other))': "
          + "give each roster its own --state folder; nothing was done"
      ])
    #expect(!run.stdout.contains("already sent"))
  }

  @Test("a journal from before journals named their roster is still read as the roster's own")
  func headerlessJournal() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    let old = "zoe\t2026-12-01\t<posttim-roster.ce46eb1987694819.20261201@example.org>\t2026-12-01T11:00:00Z\tsent\n"
    try old.write(toFile: fixture.state + "/roster.journal", atomically: false, encoding: .utf8)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success)
    #expect(
      run.stdout == "zoe: already sent at 2026-12-01T11:00:00Z\nroster: 0 sent, 0 not due, 1 already sent, 0 failed\n")
    #expect(run.stderr == [])
  }

  @Test("blank lines in a journal are no records; a damaged line is 65 naming the journal and line")
  func blankAndDamagedLines() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    #expect(fixture.send(at: Self.now).0 == .success)
    let journal = fixture.state + "/roster.journal"
    let handle = try #require(FileHandle(forWritingAtPath: journal))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\n\n".utf8))
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success)
    #expect(run.stdout.hasPrefix("zoe: already sent at "))
    try handle.write(contentsOf: Data("garbage\n".utf8))
    try handle.close()
    let (damaged, refused) = fixture.send(at: Self.now)
    #expect(damaged == .dataError)
    #expect(
      refused.stderr == [
        "posttim-report: error: journal '\(journal)', line 5: not a journal record: 1 tab-separated field, a record has 5"
      ])
    #expect(fixture.messages.count == 1)
  }

  @Test("a run that starts a new journal says so once, on standard error")
  func newJournalNote() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    let (first, run) = fixture.send(at: "2026-12-01T05:00:00Z")
    #expect(first == .success)
    #expect(
      run.stderr == [
        RosterFixture.newJournalNote(fixture.state)
      ])
    let (second, again) = fixture.send(at: Self.now)
    #expect(second == .success)
    #expect(again.stderr == [])
  }
}
