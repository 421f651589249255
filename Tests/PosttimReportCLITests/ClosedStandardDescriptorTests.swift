import Foundation
import TestSupport
import Testing

@testable import PosttimReportCLI

/// A run started with descriptor 1 or 2 closed (`>&-` in a cron line) must
/// not get that number back from its own next open: its report went into
/// its own staging file (exit 0, nothing shown), and a roster's lines into
/// its journal and lock file, which stopped every later run.
@Suite(
  "Closed standard descriptors",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct ClosedStandardDescriptorTests {
  @Test("a report with standard output closed: exit 74, write failed, as for --version")
  func reportToClosedOutput() throws {
    let result = try LimitedRun.run(
      "exec >&-", [TestPaths.example.path, "--now", "2026-11-12T10:00:00Z", "-z", "UTC", "-l", "en_US"])
    #expect(result.status == 74)
    #expect(result.stderr == "posttim-report: error: <stdout>: write failed (Bad file descriptor)\n")
  }

  @Test("a roster with standard output and error closed: the journal holds only its roster line and the record")
  func rosterWithClosedStreams() throws {
    let fixture = try RosterFixture("id,list,mail-to\nzz,tasks.plist,z@example.org\n")
    defer { fixture.remove() }
    let result = try LimitedRun.run(
      "exec >&- 2>&-",
      [
        "roster", fixture.roster, "--send", "--sendmail", fixture.sendmail, "--state", fixture.state, "--now",
        "2026-11-22T10:00:00Z",
      ])
    #expect(result.status == 74)
    let journal = try String(contentsOfFile: fixture.state + "/roster.journal", encoding: .utf8)
    let lines = journal.split(separator: "\n")
    #expect(lines.count == 2, "\(journal)")
    #expect(lines.first == "# roster: \(fixture.roster)")
    #expect(lines.last?.hasPrefix("zz\t2026-11-22\t") == true, "\(journal)")
    let lock = try Data(contentsOf: URL(filePath: fixture.state + "/roster.lock"))
    #expect(!String(decoding: lock, as: UTF8.self).contains("sent"))
  }

  @Test("a roster whose standard output fails: every due reader is still sent and recorded, then exit 74")
  func rosterWithFailingOutput() throws {
    let fixture = try RosterFixture(
      "id,list,mail-to\nzoe,tasks.plist,zoe@example.org\namy,tasks.plist,amy@example.org\n")
    defer { fixture.remove() }
    let arguments = [
      "roster", fixture.roster, "--send", "--sendmail", fixture.sendmail, "--state", fixture.state, "--now",
      "2026-11-22T10:00:00Z",
    ]
    let result = try LimitedRun.run("exec >&-", arguments)
    #expect(result.status == 74)
    #expect(result.stderr.hasSuffix("posttim-report: error: <stdout>: write failed (Bad file descriptor)\n"))
    #expect(fixture.messages.count == 2)
    let journal = try String(contentsOfFile: fixture.state + "/roster.journal", encoding: .utf8)
    #expect(journal.split(separator: "\n").dropFirst().map { $0.prefix(4) } == ["zoe\t", "amy\t"])
  }
}
