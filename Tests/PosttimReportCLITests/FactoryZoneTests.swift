import Foundation
import Testing
import TestSupport

/// `Factory`, the tz database's zone for a machine whose zone was never
/// set, is what glibc shows: offset 0 all year (`date` says `-00`). By
/// name or path, in `TZ`, `-z` and the config file, a report is the UTC
/// report, with the zone named `Factory`.
@Suite(
  "The Factory zone",
  .enabled(
    if: EndToEndTests.binary != nil && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Factory"),
    "needs the built binary and the system tz database"))
struct FactoryZoneTests {
  static let path = "/usr/share/zoneinfo/Factory"

  @Test("glibc reads Factory as offset 0, named -00")
  func glibcReadsOffsetZero() throws {
    let shown = try Subprocess.run("/bin/date", ["-d", "@1783000000", "+%z %Z"], environment: ["TZ": "Factory"])
    #expect(shown.stdout == "-0000 -00\n")
  }

  @Test("TZ, -z and the config file naming Factory, by name or path: the UTC report's times, no warning")
  func sameTimesAsUTC() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let utcOutput = folder.appending(path: "utc.csv")
    let utc = try TimeZonePathTests.run(zone: "UTC", output: utcOutput)
    #expect(utc.status == 0, "\(utc.stderr)")
    let expected = try Data(contentsOf: utcOutput)
    let config = folder.appending(path: "report.conf")
    try "time-zone = Factory\n".write(to: config, atomically: true, encoding: .utf8)
    let ways: [(String, (URL) throws -> Subprocess.Result)] = [
      ("-z Factory", { try TimeZonePathTests.run(tz: "Asia/Tokyo", zone: "Factory", output: $0) }),
      ("-z path", { try TimeZonePathTests.run(tz: "Asia/Tokyo", zone: Self.path, output: $0) }),
      ("TZ=Factory", { try TimeZonePathTests.run(tz: "Factory", output: $0) }),
      ("TZ=path", { try TimeZonePathTests.run(tz: Self.path, output: $0) }),
      ("config", { try TimeZonePathTests.run(tz: "Asia/Tokyo", config: config, output: $0) }),
    ]
    try TimeZonePathTests.expectSameReport(ways, expected: expected, in: folder)
  }

  @Test("the report names the zone Factory")
  func namedInTheReport() throws {
    let result = try Subprocess.run(
      EndToEndTests.binary!.path,
      [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-l", "en_CA", "-z", "Factory", "-f", "markdown"],
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").dropFirst().first == "Time zone: GMT (Factory)")
  }
}
