import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A journal the run made but could not give its first line is removed
/// again: the state folder is left with no empty journal, only the split
/// lock file later runs reuse (roster.md, "Delivery and the journal").
@Suite("Roster journal creation cleanup", .requires(.builtBinary))
struct RosterJournalCreationCleanupTests {
  static let now = "2026-12-01T12:00:00Z"
  static let row = "id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n"

  /// The roster under dash's `ulimit -f 0` (no file may grow; an ignored
  /// SIGXFSZ stays ignored across exec), with `--shard` when given.
  static func sendWithoutRoom(_ fixture: RosterFixture, _ extra: String = "") throws -> Subprocess.Result {
    let command =
      "ulimit -f 0; trap '' XFSZ; exec \"$0\" roster \"$1\" --send --sendmail \"$2\" --state \"$3\" "
      + "--mail-from roster@example.org --now \(now) \(extra)"
    return try Subprocess.run(
      "/bin/sh", ["-c", command, EndToEndTests.binary!.path, fixture.roster, fixture.sendmail, fixture.state],
      environment: ["LANG": "C.UTF-8"])
  }

  @Test("a new journal whose first line cannot be written is removed: 73, only the lock file left")
  func newJournalRemoved() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    let result = try Self.sendWithoutRoom(fixture)
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "posttim-report: error: journal '\(fixture.state)/roster.journal': cannot be created: File too large; "
        + "nothing was done\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.state) == ["roster.lock"])
    #expect(try FileManager.default.attributesOfItem(atPath: fixture.state + "/roster.lock")[.size] as? Int == 0)
    #expect(fixture.messages.isEmpty)
  }

  @Test("a shard's new journal is removed the same way, the other shards' journals kept")
  func shardJournalRemoved() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    let other = "# roster: \(fixture.roster)\n"
    try other.write(toFile: fixture.state + "/roster.shard-1-of-2.journal", atomically: false, encoding: .utf8)
    let result = try Self.sendWithoutRoom(fixture, "--shard 0/2")
    #expect(result.status == 73)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: fixture.state)) == [
        "roster.lock", "roster.shard-1-of-2.journal",
      ])
    #expect(try String(contentsOfFile: fixture.state + "/roster.shard-1-of-2.journal", encoding: .utf8) == other)
  }

  @Test("an empty journal the run did not make is left as it was")
  func existingEmptyJournalKept() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    #expect(FileManager.default.createFile(atPath: fixture.state + "/roster.journal", contents: Data()))
    #expect(chmod(fixture.state + "/roster.journal", 0o600) == 0)
    let result = try Self.sendWithoutRoom(fixture)
    #expect(result.status == 73)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: fixture.state)) == ["roster.lock", "roster.journal"])
  }

  @Test("after the failure, a run with room starts the journal anew and sends")
  func laterRunStartsJournal() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    #expect(try Self.sendWithoutRoom(fixture).status == 73)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success)
    #expect(run.stderr == [RosterFixture.newJournalNote(fixture.state)])
    #expect(fixture.messages.count == 1)
    let journal = try String(contentsOfFile: fixture.state + "/roster.journal", encoding: .utf8)
    #expect(journal.hasPrefix("# roster: "))
  }
}
