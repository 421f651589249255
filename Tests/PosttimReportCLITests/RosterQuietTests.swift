import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `roster --quiet` prints nothing on standard output, so an hourly cron
/// job mails its owner only when something went wrong: a failed reader's
/// line goes to standard error, and the exit status is the same.
@Suite("Roster: --quiet")
struct RosterQuietTests {
  @Test("a run where every due reader is sent: nothing on standard output, nothing on standard error")
  func allWell() throws {
    let fixture = try RosterFixture(
      """
      id,list,at,locale,time-zone,mail-to
      zoe,tasks.plist,06:00,fr_CA,America/Toronto,zoe@example.org
      noa,tasks.plist,21:00,he_IL,Asia/Jerusalem,noa@example.org

      """)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: true)
    _ = fixture.send(at: "2026-12-01T11:00:00Z")
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z", ["--quiet"])
    #expect(status == .success)
    #expect(run.stdout == "")
    #expect(run.stderr == [])
    let (_, short) = fixture.send(at: "2026-12-01T13:00:00Z", ["-q"])
    #expect(short.stdout == "")
  }

  @Test("a failed reader: its line on standard error, exit 75, standard output empty")
  func failedReader() throws {
    let fixture = try RosterFixture(RosterCommandTests.sixReaders)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z", ["--quiet"])
    #expect(status.rawValue == 75)
    #expect(run.stdout == "")
    #expect(
      run.stderr == [
        RosterFixture.newJournalNote(fixture.state),
        RosterMissingListTests.warning(fixture, row: 7, id: "max", list: "missing.plist"),
        "posttim-report: error: max: failed: row 7: \(fixture.folder.path)/missing.plist: no such file",
        "posttim-report: error: 1 reader failed (named above); the next run retries it",
      ])
    #expect(fixture.messages.count == 3)
  }

  @Test("a row's warning waits for its reader's delivery: an hour where it is not due or already served says nothing")
  func warningsWaitForTheDelivery() throws {
    let fixture = try RosterFixture(
      "id,list,at,locale,time-zone,mail-to\nzoe,tasks.plist,06:00,fr_XX,UTC,zoe@example.org\n"
        + "ann,tasks.plist,20:00,sw_KE,UTC,ann@example.org\n")
    defer { fixture.remove() }
    let (before, early) = fixture.send(at: "2026-12-01T05:00:00Z", ["--quiet"])
    #expect(before == .success)
    #expect(early.stderr == [RosterFixture.newJournalNote(fixture.state)])
    let (due, delivery) = fixture.send(at: "2026-12-01T07:00:00Z", ["--quiet"])
    #expect(due == .success)
    #expect(delivery.stderr == ["posttim-report: warning: row 2 (zoe): ICU has no data for locale fr_XX; using fr"])
    let (_, later) = fixture.send(at: "2026-12-01T08:00:00Z", ["--quiet"])
    #expect(later.stderr == [])
    #expect(fixture.messages.count == 1)
  }
}
