import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// What a roster run says on standard error besides the readers' lines: a
/// warning names its row and reader, once; an unusable command-line value
/// is one usage error, before any row.
@Suite("Roster diagnostics: row-named warnings, command-line errors once")
struct RosterRunDiagnosticsTests {
  @Test("each warning names its row and reader, once per row")
  func warningsNameTheRow() throws {
    let fixture = try RosterFixture(
      """
      id,list,at,locale,time-zone,mail-to
      zoe,tasks.plist,06:00,fr_XX,America/Toronto,zoe@example.org
      juma,tasks.plist,06:00,sw_KE,Africa/Nairobi,juma@example.org
      eve,tasks.plist,06:00,en_US,EST,eve@example.org

      """)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status == .success)
    // The first run also notes the new journal; the warnings are the rest.
    #expect(
      run.stderr.filter { !$0.hasPrefix("posttim-report: note: no journal in ") } == [
        "posttim-report: warning: row 2 (zoe): ICU has no data for locale fr_XX; using fr",
        "posttim-report: warning: row 4 (eve): time zone EST is a fixed offset (UTC−05:00) with no daylight saving "
          + "time; for Eastern time with daylight saving time use America/New_York or America/Toronto",
        "posttim-report: warning: row 3 (juma): no message catalog for sw_KE; using en",
      ])
    #expect(fixture.messages.count == 3)
  }

  @Test("a warning made with a reader's message comes just before that reader's line, whichever thread made it")
  func messageWarningsPrecedeTheirReader() throws {
    let readers = [
      ("juma", "sw_KE", "Africa/Nairobi"), ("ade", "yo_NG", "Africa/Lagos"), ("marija", "mt_MT", "Europe/Malta"),
      ("aoife", "ga_IE", "Europe/Dublin"), ("kofi", "ak_GH", "Africa/Accra"), ("ana", "gl_ES", "Europe/Madrid"),
    ]
    let fixture = try RosterFixture(
      "id,list,at,locale,time-zone,mail-to\n"
        + readers.map { "\($0.0),tasks.plist,06:00,\($0.1),\($0.2),\($0.0)@example.org\n" }.joined())
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z", joined: true)
    #expect(status == .success)
    let expected =
      [RosterFixture.newJournalNote(fixture.state)]
      + readers.enumerated().flatMap { row, reader in
        [
          "posttim-report: warning: row \(row + 2) (\(reader.0)): no message catalog for \(reader.1); using en",
          "\(reader.0): sent \(fixture.messageID(reader.0, "20261201")) (2026-12-01, 06:00 \(reader.2))",
        ]
      } + ["roster: 6 sent, 0 not due, 0 already sent, 0 failed"]
    #expect(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == expected + [""])
  }

  @Test("a row's warning is said by the shard that serves it, not by every shard")
  func warningsOfTheShardOnly() throws {
    let fixture = try RosterFixture(
      "id,list,locale,time-zone,mail-to\nzoe,tasks.plist,fr_XX,UTC,zoe@example.org\n"
        + (1...7).map { "r\($0),tasks.plist,fr_CA,UTC,r\($0)@example.org\n" }.joined())
    defer { fixture.remove() }
    let warning = "posttim-report: warning: row 2 (zoe): ICU has no data for locale fr_XX; using fr"
    var said = 0
    for shard in 0..<4 {
      let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z", ["--shard", "\(shard)/4"])
      #expect(status == .success)
      said += run.stderr.filter { $0 == warning }.count
    }
    #expect(said == 1)
    #expect(fixture.messages.count == 8)
  }

  @Test("--now without an offset: one usage error (64) before the roster is read")
  func commandLineErrorOnce() throws {
    let fixture = try RosterFixture(
      """
      id,list,mail-to
      zoe,tasks.plist,zoe@example.org
      amira,tasks.plist,amira@example.org
      ken,tasks.plist,ken@example.org

      """)
    defer { fixture.remove() }
    let expected = [
      "posttim-report: error: --now needs a date-time with an offset, e.g. 2026-11-30T09:00:00-05:00 or …Z",
      "Usage: posttim-report roster [options] ROSTER.csv (--send | -o DIR)",
      "See 'posttim-report roster --help' for more information.",
    ]
    let (status, run) = fixture.send(at: "2026-12-01T06:00")
    #expect(status == .usage)
    #expect(run.stderr == expected)
    #expect(run.stdout == "")
    // Before any row: a roster that cannot be read is not what is reported.
    try FileManager.default.removeItem(atPath: fixture.roster)
    let (missing, again) = fixture.send(at: "2026-12-01T06:00")
    #expect(missing == .usage)
    #expect(again.stderr == expected)
  }

  @Test(
    "a command-line value no row can use is one usage error, not one a row",
    arguments: [
      (["--locale", "fr-CAA"], "invalid locale \"fr-CAA\": unknown language"),
      (
        ["--mail-cc", "x@"], "--mail-cc: 'x@' is not an e-mail address: nothing after '@'"
      ),
      (
        ["--to", "yesterday", "--from", "tomorrow"],
        "--to (yesterday: 2026-11-30) is before --from (tomorrow: 2026-12-02)"
      ),
    ])
  func commandLineValueOnce(arguments: [String], message: String) throws {
    let fixture = try RosterFixture(
      """
      id,list,mail-to
      zoe,tasks.plist,zoe@example.org
      amira,tasks.plist,amira@example.org

      """)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z", arguments)
    #expect(status == .usage)
    #expect(
      run.stderr == [
        "posttim-report: error: " + message, "Usage: posttim-report roster [options] ROSTER.csv (--send | -o DIR)",
        "See 'posttim-report roster --help' for more information.",
      ])
    #expect(fixture.messages.isEmpty)
  }

  @Test("a row's own bad cell is still named with its row and column")
  func cellErrorsStayPerRow() throws {
    let fixture = try RosterFixture(
      """
      id,list,mail-to,locale
      zoe,tasks.plist,zoe@example.org,fr-CAA
      amira,tasks.plist,amira@example.org,

      """)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status.rawValue == 65)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 2, column 'locale': invalid locale \"fr-CAA\": unknown language"
      ])
  }
}
