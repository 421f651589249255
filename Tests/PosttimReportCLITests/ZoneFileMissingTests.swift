import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Never ICU's tz 2022e rules in silence: a `TZDIR` that is no folder
/// stops the run (72) naming it and the zone; a folder without the zone's
/// file gives ICU's copy under a one-line warning naming the zone, the
/// missing file and ICU's tz version. A relative `TZ` with `//` or `..`
/// is the zone glibc reads.
@Suite(
  "CLI: a zone the system has no file for",
  .enabled(
    if: EndToEndTests.binary != nil && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Africa/Cairo"),
    "needs the built binary and the system tz database"))
struct ZoneFileMissingTests {
  static func run(_ extra: [String], environment: [String: String], output: URL) throws -> Subprocess.Result {
    let arguments =
      [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-l", "en_CA", "-f", "csv", "-o", output.path] + extra
    return try Subprocess.run(
      EndToEndTests.binary!.path, arguments,
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"].merging(environment) { _, new in new })
  }

  @Test("TZDIR missing: 72 naming TZDIR and the zone, from -z and TZ, nothing written")
  func missingTZDIR() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "agenda.csv")
    let tzdir = folder.appending(path: "no-such-tzdir").path
    for (extra, environment) in [
      (["-z", "Africa/Cairo"], ["TZDIR": tzdir]), ([], ["TZDIR": tzdir, "TZ": "Africa/Cairo"]),
    ] {
      let result = try Self.run(extra, environment: environment, output: output)
      #expect(result.status == 72)
      #expect(
        result.stderr
          == "posttim-report: error: time zone \"Africa/Cairo\": \(tzdir) (TZDIR) cannot be opened: No such file or "
          + "directory; unset TZDIR or set it to a folder of zone files such as /usr/share/zoneinfo\n")
      #expect(!FileManager.default.fileExists(atPath: output.path))
    }
  }

  @Test("a TZDIR folder without the zone's file: ICU's rules under a warning naming the zone, the file and tz 2022e")
  func folderWithoutTheZone() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tzdir = folder.appending(path: "zoneinfo")
    try FileManager.default.createDirectory(at: tzdir, withIntermediateDirectories: true)
    let output = folder.appending(path: "agenda.csv")
    let result = try Self.run(["-z", "Africa/Cairo"], environment: ["TZDIR": tzdir.path], output: output)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "posttim-report: warning: time zone \"Africa/Cairo\": the system has no zone file \(tzdir.path)/Africa/Cairo; "
        + "using ICU's own rules (tz 2022e), which may be out of date\n")
    #expect(FileManager.default.fileExists(atPath: output.path))
  }

  @Test(
    "TZ=America//Toronto and TZ=America/../America/Toronto give Toronto's report, no warning",
    arguments: ["America//Toronto", ":America/./Toronto", "America/../America/Toronto"])
  func relativeSpellings(tz: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let byID = folder.appending(path: "by-id.csv")
    #expect(try Self.run(["-z", "America/Toronto"], environment: [:], output: byID).status == 0)
    let output = folder.appending(path: "by-tz.csv")
    let result = try Self.run([], environment: ["TZ": tz], output: output)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(try Data(contentsOf: output) == (try Data(contentsOf: byID)))
  }
}
