import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A POSIX rule named UTC, UT, GMT or Z with an offset reads the sign the
/// other way round from what its name says (`UTC-5` is UTC+5 to glibc):
/// refused as ambiguous on the command line, in a config file and in a
/// roster cell, naming the ISO 8601 offsets; other POSIX names keep working.
@Suite("Time zones: offsets named UTC, UT, GMT or Z are ambiguous")
struct TimeZoneOffsetNameTests {
  static let example = TestPaths.example.path

  /// Each refused spelling with its message (typed: one literal this long is too slow to infer).
  static let refusedSpellings: [(String, String)] = [
    (
      "UTC-5",
      "time zone \"UTC-5\" is ambiguous (POSIX reads it as UTC+05:00, most readers as UTC−05:00); "
        + "write the offset in ISO 8601, east of Greenwich positive: '-05:00' for UTC−05:00, '+05:00' for UTC+05:00"
    ),
    (
      "UTC+5",
      "time zone \"UTC+5\" is ambiguous (POSIX reads it as UTC−05:00, most readers as UTC+05:00); "
        + "write the offset in ISO 8601, east of Greenwich positive: '+05:00' for UTC+05:00, '-05:00' for UTC−05:00"
    ),
    (
      "UT-5",
      "time zone \"UT-5\" is ambiguous (POSIX reads it as UTC+05:00, most readers as UTC−05:00); "
        + "write the offset in ISO 8601, east of Greenwich positive: '-05:00' for UTC−05:00, '+05:00' for UTC+05:00"
    ),
    (
      "utc-5:30",
      "time zone \"utc-5:30\" is ambiguous (POSIX reads it as UTC+05:30, most readers as UTC−05:30); "
        + "write the offset in ISO 8601, east of Greenwich positive: '-05:30' for UTC−05:30, '+05:30' for UTC+05:30"
    ),
    (
      "Z+3",
      "time zone \"Z+3\" is ambiguous (POSIX reads it as UTC−03:00, most readers as UTC+03:00); "
        + "write the offset in ISO 8601, east of Greenwich positive: '+03:00' for UTC+03:00, '-03:00' for UTC−03:00"
    ),
    (
      "GMT5",
      "time zone \"GMT5\" is ambiguous (POSIX reads it as UTC−05:00, most readers as UTC+05:00); "
        + "write the offset in ISO 8601, east of Greenwich positive: '+05:00' for UTC+05:00, '-05:00' for UTC−05:00"
    ),
    ("GMT+05:00", TimeZoneISOOffsetTests.gmtMessage),
    (
      "gmt-03:30",
      "time zone \"gmt-03:30\" is ambiguous (POSIX reads it as UTC+03:30, ICU as UTC−03:30); "
        + "write the offset in ISO 8601, east of Greenwich positive: '-03:30' for UTC−03:30, '+03:30' for UTC+03:30"
    ),
    (
      "GMT+5",
      "time zone \"GMT+5\" is ambiguous (POSIX reads it as UTC−05:00, ICU as UTC+05:00); "
        + "write the offset in ISO 8601, east of Greenwich positive: '+05:00' for UTC+05:00, '-05:00' for UTC−05:00"
    ),
    (
      "gmt+2",
      "time zone \"gmt+2\" is ambiguous (POSIX reads it as UTC−02:00, ICU as UTC+02:00); "
        + "write the offset in ISO 8601, east of Greenwich positive: '+02:00' for UTC+02:00, '-02:00' for UTC−02:00"
    ),
  ]

  @Test(
    "-z refuses them (GMT±hh:mm too, in any case) with both readings and the ISO 8601 forms to use",
    arguments: refusedSpellings)
  func refusedOnTheCommandLine(zone: String, message: String) {
    expectRun(
      arguments: [Self.example, "-z", zone], exit: .usage,
      stderr: [
        "posttim-report: error: " + message, "Usage: posttim-report [options] FILE... (- for stdin)",
        "See 'posttim-report --help' for more information.",
      ])
  }

  @Test(
    "other POSIX names, zero offsets and tz's Etc/GMT±N keep working",
    arguments: [
      ("JST-9", "GMT+09:00"), ("<+03>-3", "GMT+03:00"), ("EST5EDT", "EST5EDT"), ("UTC0", "UTC"),
      ("Etc/GMT-5", "Etc/GMT-5"),
    ])
  func otherNamesKeepWorking(zone: String, id: String) {
    let run = expectRun(
      arguments: [Self.example, "-z", zone, "-f", "json", "--now", "2026-12-01T12:00:00Z"], exit: .success)
    #expect(run.stdout.contains("\"timeZone\": \"\(id)\","), "\(zone)")
  }

  @Test("a config file's time-zone = UTC-5 is refused with its line (78)")
  func refusedInTheConfigFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config")
    try "time-zone = UTC-5\n".write(to: config, atomically: true, encoding: .utf8)
    expectRun(
      arguments: [Self.example, "--config", config.path], exit: .configuration,
      error: "posttim-report: error: \(config.path):1:13: time zone \"UTC-5\" is ambiguous (POSIX reads it as "
        + "UTC+05:00, most readers as UTC−05:00); write the offset in ISO 8601, east of Greenwich positive: '-05:00' for UTC−05:00, '+05:00' for UTC+05:00"
    )
  }

  @Test("a roster's time-zone cell UT-5 refuses the roster, naming row and column (65)")
  func refusedInARosterCell() throws {
    let fixture = try RosterFixture(
      """
      id,list,time-zone,mail-to
      zoe,tasks.plist,America/Toronto,zoe@example.org
      sam,tasks.plist,UT-5,sam@example.org

      """)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status.rawValue == 65)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 3, column 'time-zone': time zone \"UT-5\" is ambiguous "
          + "(POSIX reads it as UTC+05:00, most readers as UTC−05:00); write the offset in ISO 8601, east of Greenwich positive: '-05:00' for UTC−05:00, '+05:00' for UTC+05:00"
      ])
    #expect(fixture.messages.isEmpty)
  }
}
