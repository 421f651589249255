import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A `right/` zone counts leap seconds: glibc's times under it are 27 s
/// from the plain zone's, and the dates of a task list (plain UTC seconds)
/// do not count them. It is refused wherever a zone is named, with the
/// reason, as other unusable zones are: `TZ` 72, `-z` 64, the config file
/// 78 naming its line, a roster cell 65 naming the row.
@Suite(
  "Zones that count leap seconds (right/)",
  .enabled(
    if: EndToEndTests.binary != nil && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/right/Europe/Paris"),
    "needs the built binary and the system tz database's right/ zones"))
struct LeapSecondZoneTests {
  static let tree = "/usr/share/zoneinfo"
  static let paris = tree + "/right/Europe/Paris"

  static func reason(_ value: String, _ path: String) -> String {
    "time zone \"\(value)\": \(path) counts leap seconds (a right/ zone), which the dates of task lists do not; "
      + "name the zone without right/, such as Europe/Paris"
  }

  @Test("glibc shows a right/ zone's times 27 seconds from the plain zone's")
  func glibcCountsLeapSeconds() throws {
    func shown(_ tz: String) throws -> String {
      try Subprocess.run("/bin/date", ["-d", "@1700000000", "+%H:%M:%S"], environment: ["TZ": tz]).stdout
    }
    #expect(try shown("Europe/Paris") == "23:13:20\n")
    #expect(try shown("right/Europe/Paris") == "23:12:53\n")
  }

  @Test(
    "TZ naming a right/ zone, by name or path: 72 with the reason, nothing written",
    arguments: ["right/Europe/Paris", ":right/Europe/Paris", paris, ":" + paris])
  func fromTZ(value: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "out.csv")
    let result = try TimeZonePathTests.run(tz: value, output: output)
    #expect(result.status == 72, "\(result.stderr)")
    #expect(result.stderr == "posttim-report: error: \(Self.reason(value, Self.paris))\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test(
    "-z naming a right/ zone, by name, path or the user's own link: 64 with the reason, naming the path given",
    arguments: ["right/Europe/Paris", paris, ":" + paris, "link"])
  func fromOption(value: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var value = value
    var named = Self.paris
    if value == "link" {
      value = folder.appending(path: "my-zone").path
      named = value
      try FileManager.default.createSymbolicLink(atPath: value, withDestinationPath: Self.paris)
    }
    let output = folder.appending(path: "out.csv")
    let result = try TimeZonePathTests.run(tz: "UTC", zone: value, output: output)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr == "posttim-report: error: \(Self.reason(value, named))\n" + TimeZonePathTests.usageTail)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("a copy of a right/ zone file outside the tree: 64 for -z, naming the copy and the reason")
  func copiedFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appending(path: "paris-copy").path
    try FileManager.default.copyItem(atPath: Self.paris, toPath: copy)
    let output = folder.appending(path: "out.csv")
    let result = try TimeZonePathTests.run(tz: "UTC", zone: copy, output: output)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr
        == "posttim-report: error: time zone \"\(copy)\": \(copy) counts leap seconds (a right/ zone), which the "
        + "dates of task lists do not; name the zone by its ID, such as Asia/Tokyo\n" + TimeZonePathTests.usageTail)
  }

  @Test("the config file's time-zone naming a right/ zone: 78 naming the file and line")
  func fromConfig() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "report.conf")
    try "# zone\ntime-zone = right/Europe/Paris\n".write(to: config, atomically: true, encoding: .utf8)
    let output = folder.appending(path: "out.csv")
    let result = try TimeZonePathTests.run(tz: "UTC", config: config, output: output)
    #expect(result.status == 78, "\(result.stderr)")
    #expect(
      result.stderr == "posttim-report: error: \(config.path):2:13: \(Self.reason("right/Europe/Paris", Self.paris))\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("a roster's time-zone cell naming a right/ zone: 65 naming the row, nothing sent")
  func rosterCell() throws {
    let fixture = try RosterFixture("id,list,mail-to,time-zone\na,tasks.plist,a@example.org,right/Europe/Paris\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status == .dataError)
    #expect(
      run.stderr.first
        == "posttim-report: error: roster '\(fixture.roster)', row 2, column 'time-zone': "
        + Self.reason("right/Europe/Paris", Self.paris))
    #expect(fixture.messages.isEmpty)
  }
}
