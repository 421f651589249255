import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Every field of a journal line is checked: a line edited wrong (an
/// unknown `how`, a date that is none, a Message-ID not the reader's) is
/// not read as a delivery, which would leave that reader unmailed; the run
/// stops with 65 naming the journal, the line and the field.
@Suite("Roster journal record fields")
struct RosterJournalRecordFieldsTests {
  static let row = "id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n"
  static let now = "2026-12-01T12:00:00Z"
  /// zoe's Message-ID on 2026-12-01 with `--mail-from roster@example.org`.
  static let zoeID = "<posttim-roster.ce46eb1987694819.20261201@example.org>"

  static func line(
    id: String = "zoe", date: String = "2026-12-01", messageID: String = zoeID, time: String = "2026-12-01T11:00:00Z",
    how: String = "sent"
  ) -> String {
    [id, date, messageID, time, how].joined(separator: "\t") + "\n"
  }

  /// Runs the roster on a journal holding `journal`; the run's status and output.
  static func run(journal: String, file: String = "roster.journal") throws -> (ExitCode, CapturedRun, RosterFixture) {
    let fixture = try RosterFixture(row)
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    try journal.write(toFile: fixture.state + "/" + file, atomically: false, encoding: .utf8)
    let (status, run) = fixture.send(at: now)
    return (status, run, fixture)
  }

  static let badLines: [(line: String, reason: String)] = [
    (line(how: "bogus"), "how 'bogus' is not sent, written or skipped"),
    (line(how: "Sent"), "how 'Sent' is not sent, written or skipped"),
    (
      line(date: "2026-13-45", messageID: "<posttim-roster.ce46eb1987694819.20261345@example.org>"),
      "local date '2026-13-45' is not a date YYYY-MM-DD"
    ),
    (
      line(date: "2026-02-30", messageID: "<posttim-roster.ce46eb1987694819.20260230@example.org>"),
      "local date '2026-02-30' is not a date YYYY-MM-DD"
    ),
    (line(date: "2026-12-01T00:00"), "local date '2026-12-01T00:00' is not a date YYYY-MM-DD"),
    (
      line(messageID: "<x@example.org>"),
      "Message-ID '<x@example.org>' is not zoe's of 2026-12-01 (<posttim-roster.HASH.YYYYMMDD@DOMAIN>)"
    ),
    (
      line(messageID: "<posttim-roster.004d4419134a0a54.20261201@example.org>"),
      "Message-ID '<posttim-roster.004d4419134a0a54.20261201@example.org>' is not zoe's of 2026-12-01 "
        + "(<posttim-roster.HASH.YYYYMMDD@DOMAIN>)"
    ),
    (
      line(messageID: "<posttim-roster.ce46eb1987694819.20261130@example.org>"),
      "Message-ID '<posttim-roster.ce46eb1987694819.20261130@example.org>' is not zoe's of 2026-12-01 "
        + "(<posttim-roster.HASH.YYYYMMDD@DOMAIN>)"
    ),
    (line(time: "yesterday"), "time 'yesterday' is not an ISO 8601 instant (2026-12-01T11:00:04Z)"),
    (line(time: "2026-12-01T11:00:00"), "time '2026-12-01T11:00:00' is not an ISO 8601 instant (2026-12-01T11:00:04Z)"),
    (line(id: ""), "reader ID: empty: every reader needs an ID"),
    ("zoe\t2026-12-01\n", "2 tab-separated fields, a record has 5"),
  ]

  @Test(
    "a line with a bad field is 65 naming the journal, the line and the field; nothing is sent", arguments: badLines)
  func badField(line: String, reason: String) throws {
    let (status, run, fixture) = try Self.run(journal: "# roster: /elsewhere/roster.csv\n\n" + line)
    defer { fixture.remove() }
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(fixture.state)/roster.journal', line 3: not a journal record: \(reason)"
      ])
    #expect(run.stdout == "")
    #expect(fixture.messages.isEmpty)
  }

  @Test("another shard's journal with an unknown how is refused too")
  func otherShardJournal() throws {
    let (status, run, fixture) = try Self.run(journal: Self.line(how: "bogus"), file: "roster.shard-0-of-2.journal")
    defer { fixture.remove() }
    #expect(status == .dataError)
    #expect(
      run.stderr.last
        == "posttim-report: error: journal '\(fixture.state)/roster.shard-0-of-2.journal', line 1: "
        + "not a journal record: how 'bogus' is not sent, written or skipped")
    #expect(fixture.messages.isEmpty)
  }

  @Test("every how the roster writes, with any ISO 8601 instant, is a delivery")
  func wellFormed() throws {
    for (how, time) in [
      ("sent", "2026-12-01T11:00:00Z"), ("written", "2026-12-01T06:00:00-05:00"), ("skipped", "2026-12-01T11:00Z"),
    ] {
      let (status, run, fixture) = try Self.run(journal: Self.line(time: time, how: how))
      defer { fixture.remove() }
      #expect(status == .success)
      #expect(run.stdout == "zoe: already \(how) at \(time)\nroster: 0 sent, 0 not due, 1 already sent, 0 failed\n")
      #expect(fixture.messages.isEmpty)
    }
  }

  @Test("a journal with CR LF line ends is read as with LF")
  func carriageReturns() throws {
    let journal = "# roster: /elsewhere/roster.csv\r\n" + Self.line().replacingOccurrences(of: "\n", with: "\r\n")
    let (status, run, fixture) = try Self.run(journal: journal)
    defer { fixture.remove() }
    #expect(status == .success)
    #expect(
      run.stdout == "zoe: already sent at 2026-12-01T11:00:00Z\nroster: 0 sent, 0 not due, 1 already sent, 0 failed\n")
  }
}
