import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A refused roster says the one thing to mend, with the exit status of
/// its kind (roster.md, "What it prints, and the exit status").
@Suite("Roster refusal messages")
struct RosterRefusalMessagesTests {
  static let now = "2026-12-01T12:00:00Z"

  @Test("a row with both a to and a days cell: 65 naming the row and the columns, no usage text")
  func toAndDaysCells() throws {
    let fixture = try RosterFixture(
      "id,list,time-zone,mail-to,to,days\nzoe,tasks.plist,UTC,zoe@example.org,2026-12-05,3\n"
        + "max,tasks.plist,UTC,max@example.org,,2\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 2, column 'days': a row gives 'to' or 'days', "
          + "not both (both end the window)"
      ])
    #expect(fixture.messages.isEmpty)
  }

  @Test("cells of one row that contradict each other (to before from): 65 naming the row, no usage text")
  func contradictoryCells() throws {
    let fixture = try RosterFixture(
      "id,list,time-zone,mail-to,from,to\nzoe,tasks.plist,UTC,zoe@example.org,2026-12-05,2026-12-03\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 2: --to (2026-12-03) is before --from (2026-12-05)"
      ])
  }

  @Test("a row with no mail-to anywhere stays 64: the command line's fault, not a cell's")
  func missingRecipientStaysUsage() throws {
    let fixture = try RosterFixture("id,list,time-zone\nzoe,tasks.plist,UTC\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .usage)
    #expect(run.stderr.first?.hasPrefix("posttim-report: error: roster '\(fixture.roster)', row 2: ") == true)
  }

  @Test("a roster separated by ';' is refused with the hint alone, not every column's error too")
  func separatorHintAlone() throws {
    let fixture = try RosterFixture("id;list;mail-to\nzoe;tasks.plist;zoe@example.org\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 1, column 'id;list;mail-to': the roster is "
          + "comma-separated (RFC 4180); this file seems to use ';'"
      ])
  }

  @Test(
    "a journal that cannot be created (its first line cannot be written: a full disk, ulimit -f): 73 naming it",
    .requires(.builtBinary))
  func journalCannotBeCreated() throws {
    let fixture = try RosterFixture("id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n")
    defer { fixture.remove() }
    // dash's ulimit -f 0: no file may grow; an ignored SIGXFSZ stays ignored across exec.
    let command =
      "ulimit -f 0; trap '' XFSZ; exec \"$0\" roster \"$1\" --send --sendmail \"$2\" --state \"$3\" "
      + "--mail-from roster@example.org --now \(Self.now)"
    let result = try Subprocess.run(
      "/bin/sh", ["-c", command, EndToEndTests.binary!.path, fixture.roster, fixture.sendmail, fixture.state],
      environment: ["LANG": "C.UTF-8"])
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "posttim-report: error: journal '\(fixture.state)/roster.journal': cannot be created: File too large; "
        + "nothing was done\n")
    #expect(result.stdout == "")
    #expect(fixture.messages.isEmpty)
  }
}
