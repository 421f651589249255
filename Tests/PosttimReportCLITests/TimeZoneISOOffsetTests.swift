import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `GMT+05:00` is UTC+5 to ICU and UTC−5 to glibc (`TZ=GMT+05:00`), so
/// `-z`, the config file and roster cells refuse it as they refuse
/// `GMT+5`, and name the spelling that means one thing: an ISO 8601 offset
/// alone (`+05:00`, east of Greenwich positive), which they take. `TZ`
/// keeps glibc's reading; a `TZ` this tool cannot follow as glibc does
/// stops the run (72) instead of showing other times under a warning.
@Suite("Time zones: ISO 8601 offsets, and GMT±hh:mm refused as ambiguous")
struct TimeZoneISOOffsetTests {
  static let example = TestPaths.example.path
  static let gmtMessage =
    "time zone \"GMT+05:00\" is ambiguous (POSIX reads it as UTC−05:00, ICU as UTC+05:00); "
    + "write the offset in ISO 8601, east of Greenwich positive: '+05:00' for UTC+05:00, '-05:00' for UTC−05:00"

  /// The e-mail's Date header for 2026-06-01T12:00:00Z.
  static func dateHeader(_ run: CapturedRun) -> String? {
    run.stdout.split(whereSeparator: \.isNewline).first { $0.hasPrefix("Date: ") }.map(String.init)
  }

  static func email(_ extra: [String], environment: [String: String] = CapturedRun.defaultEnvironment) -> (
    ExitCode, CapturedRun
  ) {
    let run = CapturedRun()
    let status = run.run(
      [example, "-l", "en_US", "--now", "2026-06-01T12:00:00Z", "-f", "email", "--mail-to", "a@b.c"] + extra,
      environment: environment)
    return (status, run)
  }

  @Test("a config file's time-zone = GMT+05:00 is refused with its line (78)")
  func gmtWithColonRefusedInTheConfigFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config")
    try "time-zone = GMT+05:00\n".write(to: config, atomically: true, encoding: .utf8)
    expectRun(
      arguments: [Self.example, "--config", config.path], exit: .configuration,
      error: "posttim-report: error: \(config.path):1:13: \(Self.gmtMessage)")
  }

  @Test("a roster's time-zone cell GMT+05:00 refuses the roster, naming row and column (65)")
  func gmtWithColonRefusedInARosterCell() throws {
    let fixture = try RosterFixture(
      """
      id,list,time-zone,mail-to
      zoe,tasks.plist,+05:30,zoe@example.org
      sam,tasks.plist,GMT+05:00,sam@example.org

      """)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status.rawValue == 65)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 3, column 'time-zone': \(Self.gmtMessage)"
      ])
    #expect(fixture.messages.isEmpty)
  }

  @Test(
    "-z takes an ISO 8601 offset alone, east of Greenwich positive, and its Z for UTC",
    arguments: [
      ("+05:00", "Mon, 01 Jun 2026 17:00:00 +0500"), ("-03:30", "Mon, 01 Jun 2026 08:30:00 -0330"),
      ("+0530", "Mon, 01 Jun 2026 17:30:00 +0530"), ("+14", "Tue, 02 Jun 2026 02:00:00 +1400"),
      ("-00:00", "Mon, 01 Jun 2026 12:00:00 +0000"), ("Etc/GMT-5", "Mon, 01 Jun 2026 17:00:00 +0500"),
      ("Z", "Mon, 01 Jun 2026 12:00:00 +0000"), ("z", "Mon, 01 Jun 2026 12:00:00 +0000"),
    ])
  func isoOffsetsTaken(zone: String, date: String) {
    let (status, run) = Self.email(["-z", zone])
    #expect(status == .success, "\(run.stderr)")
    #expect(Self.dateHeader(run) == "Date: " + date)
  }

  @Test("a config file's and a roster cell's ISO 8601 offset is the same zone as -z's")
  func isoOffsetsInConfigAndRoster() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config")
    try "time-zone = -03:30\n".write(to: config, atomically: true, encoding: .utf8)
    let (status, run) = Self.email(["--config", config.path])
    #expect(status == .success, "\(run.stderr)")
    #expect(Self.dateHeader(run) == "Date: Mon, 01 Jun 2026 08:30:00 -0330")
  }

  @Test(
    "-z refuses an ISO 8601 offset out of range or malformed",
    arguments: ["+24:00", "+05:60", "+5:00", "+05:0", "+053"])
  func isoOffsetsRefused(zone: String) {
    let run = expectRun(arguments: [Self.example, "-z", zone], exit: .usage)
    #expect(run.stderr.first?.hasPrefix("posttim-report: error: ") == true)
  }

  @Test("TZ=GMT+05:00 is UTC−05:00, as glibc reads it")
  func gmtWithColonInTZ() {
    let (status, run) = Self.email([], environment: ["LANG": "C.UTF-8", "TZ": "GMT+05:00"])
    #expect(status == .success, "\(run.stderr)")
    #expect(Self.dateHeader(run) == "Date: Mon, 01 Jun 2026 07:00:00 -0500")
    #expect(run.stderr.isEmpty)
  }

  @Test("TZ with a fixed offset of seconds is that offset, as glibc reads it")
  func secondsInTZ() {
    let (status, run) = Self.email([], environment: ["LANG": "C.UTF-8", "TZ": "XXX-14:59:59"])
    #expect(status == .success, "\(run.stderr)")
    // The zone is UTC+14:59:59 (`TZ=XXX-14:59:59 date -d @1780315200 +%T`: 02:59:59); RFC 5322's
    // offset is whole minutes, so the header rounds it and keeps the instant: 03:00:00 +1500.
    #expect(Self.dateHeader(run) == "Date: Tue, 02 Jun 2026 03:00:00 +1500")
    #expect(run.stderr.isEmpty)
  }

  @Test("a TZ this tool cannot follow as glibc does stops the run (72), naming TZ, the reason and -z")
  func unfollowableTZ() {
    let (status, run) = Self.email([], environment: ["LANG": "C.UTF-8", "TZ": "AAA3BBB,59/0,300"])
    #expect(status == .osFile)
    #expect(
      run.stderr == [
        "posttim-report: error: TZ=\"AAA3BBB,59/0,300\" is a POSIX TZ string this tool cannot follow as the C library "
          + "does: a zero-based day of the year from 59 on (59) moves with leap years; write it as J60 or Mm.w.d; "
          + "set TZ to a zone such as America/Toronto, or name the zone with -z (--time-zone)"
      ])
    #expect(run.stdout.isEmpty)
    // -z names the zone instead, and the run goes on.
    let (named, _) = Self.email(["-z", "-03:00"], environment: ["LANG": "C.UTF-8", "TZ": "AAA3BBB,59/0,300"])
    #expect(named == .success)
  }
}
