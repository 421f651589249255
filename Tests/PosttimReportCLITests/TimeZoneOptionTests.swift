import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `-z` takes what `TZ` takes (zone names and POSIX TZ strings), suggests
/// zones only for names it cannot read, and stops on a broken system zone
/// file (exit 72) instead of using ICU's older rules.
@Suite("CLI: --time-zone, POSIX strings and the system's zone files")
struct TimeZoneOptionTests {
  let example = TestPaths.example.path
  /// The dentist's appointment, 2026-12-09T15:30:00Z, as CSV shows it.
  let window = [
    "-f", "csv", "-l", "en_US", "--pattern", "yyyy-MM-dd HH:mm xxx", "--from", "2026-12-08", "--to", "2026-12-11",
  ]

  func time(zone: String, environment: [String: String] = ["LANG": "C", "TZ": "UTC"]) -> (ExitCode, String, [String]) {
    let run = CapturedRun()
    let status = run.run([example, "-z", zone] + window, environment: environment)
    let row = run.stdout.split(separator: "\r\n").first { $0.contains("dentiste") }.map(String.init) ?? ""
    return (status, String(row.prefix(while: { $0 != "," })), run.stderr)
  }

  @Test(
    "POSIX TZ strings glibc accepts are zones, west-positive (EST5 is not EST5EDT)",
    arguments: [
      ("JST-9", "2026-12-10 00:30 +09:00"), ("<+03>-3", "2026-12-09 18:30 +03:00"), ("UTC0", "2026-12-09 15:30 +00:00"),
      ("EST5", "2026-12-09 10:30 -05:00"), ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2026-12-10 02:30 +11:00"),
      ("AAA3BBB,J60,J300", "2026-12-09 12:30 -03:00"),
    ])
  func posix(zone: String, expected: String) {
    let (status, time, errors) = time(zone: zone)
    #expect(status == .success, "\(errors)")
    #expect(time == expected)
  }

  @Test(
    "a name that is no zone gets zones named after the city, links with their targets",
    arguments: [
      ("Montreal", "did you mean 'America/Montreal' (a link to America/Toronto) or 'America/Toronto'?"),
      ("new york", "did you mean 'America/New_York'?"),
      ("Torontoo", "did you mean 'America/Toronto'?"),
    ])
  func suggestions(zone: String, hint: String) {
    let (status, _, errors) = time(zone: zone)
    #expect(status == .usage)
    #expect(
      errors.first
        == "posttim-report: error: unknown time zone \"\(zone)\" (expected an IANA time zone ID such as America/Toronto); \(hint)"
    )
  }

  @Test(
    "a zone value as long as an argument can be (128 KiB) is refused at once, with no suggestion",
    .timeLimit(.minutes(10)))
  func longValue() {
    let zone = String(repeating: "x", count: 131_071)
    let (status, _, errors) = time(zone: zone)
    #expect(status == .usage)
    #expect(errors.first?.hasPrefix("posttim-report: error: unknown time zone \"xxx") == true)
    #expect(errors.first?.contains("did you mean") == false)
  }

  @Test("a POSIX string ICU cannot follow is refused with its reason, and no other zone is suggested")
  func posixRefusals() {
    let (status, _, errors) = time(zone: "AAA3BBB")
    #expect(status == .usage)
    #expect(
      errors.first
        == "posttim-report: error: invalid POSIX TZ string \"AAA3BBB\": daylight saving needs its rules, such as "
        + "AAA3BBB,M3.2.0,M11.1.0 (POSIX leaves the dates to the C library)")
  }

  @Test(
    "a broken zone file in TZDIR stops the run (72), from -z, TZ or the config file, and nothing is written",
    .enabled(
      if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Africa/Cairo"), "needs the system tz database"))
  func brokenZoneFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tzdir = folder.appending(path: "zoneinfo")
    try FileManager.default.createDirectory(at: tzdir.appending(path: "Africa"), withIntermediateDirectories: true)
    let cairo = tzdir.appending(path: "Africa/Cairo")
    try Data(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Africa/Cairo")).prefix(64)).write(to: cairo)
    let config = folder.appending(path: "config")
    try "time-zone = Africa/Cairo\n".write(to: config, atomically: true, encoding: .utf8)
    let output = folder.appending(path: "out.md").path
    let message =
      "posttim-report: error: time zone \"Africa/Cairo\": the system's zone file \(cairo.path) "
      + "is truncated or malformed (not a valid TZif file)"
    for (arguments, environment) in [
      (["-z", "Africa/Cairo"], ["LANG": "C", "TZDIR": tzdir.path]),
      ([], ["LANG": "C", "TZDIR": tzdir.path, "TZ": "Africa/Cairo"]),
      (["--config", config.path], ["LANG": "C", "TZDIR": tzdir.path]),
    ] {
      let run = CapturedRun()
      #expect(run.run([example, "-o", output] + arguments, environment: environment).rawValue == 72, "\(arguments)")
      #expect(run.stderr == [message])
      #expect(!FileManager.default.fileExists(atPath: output))
    }
    // A zone the folder does not have is ICU's: Asia/Tokyo is not there.
    let run = CapturedRun()
    #expect(
      run.run([example, "-z", "Asia/Tokyo", "-o", output], environment: ["LANG": "C", "TZDIR": tzdir.path]) == .success)
  }
}
