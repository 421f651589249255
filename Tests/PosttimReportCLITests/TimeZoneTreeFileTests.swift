import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A file of the zoneinfo tree that is no ID of `tzdata.zi` (`posixrules`,
/// `localtime`) is read as glibc reads it, by name or by path: the zone its
/// link leads to. A folder or a file of the tree that is no TZif file gives
/// the exit it gives anywhere else, and a `TZDIR` through another user's link
/// is named when a copied zone file is matched against it.
@Suite(
  "Time zones named by a file of the zoneinfo tree",
  .enabled(
    if: geteuid() == 0 && EndToEndTests.binary != nil
      && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/posixrules"),
    "needs root to chown links, the built binary and the system tz database"))
struct TimeZoneTreeFileTests {
  static let tree = "/usr/share/zoneinfo"

  /// `date`'s offset and abbreviation under `TZ=tz` at instants across two years.
  static func glibcOffsets(tz: String) throws -> String {
    let instants = ["@1768478400", "@1783000000", "@1800000000", "@1815000000"]
    var shown = ""
    for instant in instants {
      let result = try Subprocess.run("/bin/date", ["-d", instant, "+%z %Z"], environment: ["TZ": tz])
      shown += result.stdout
    }
    return shown
  }

  @Test(
    "posixrules, a link, a plain zone and localtime, by name and by path: the zone glibc reads",
    arguments: ["posixrules", "US/Eastern", "Asia/Tokyo", "localtime"])
  func sameZoneAsGlibc(name: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = Self.tree + "/" + name
    let target = try #require(
      realpath(path, nil).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
      })
    let id = String(target.dropFirst(Self.tree.count + 1))
    // glibc reads the file the name leads to: the same times as the zone's own ID.
    #expect(try Self.glibcOffsets(tz: name) == Self.glibcOffsets(tz: id))
    #expect(try Self.glibcOffsets(tz: path) == Self.glibcOffsets(tz: id))

    let expectedOutput = folder.appending(path: "by-id.csv")
    let byID = try TimeZonePathTests.run(zone: id, output: expectedOutput)
    #expect(byID.status == 0, "\(byID.stderr)")
    let expected = try Data(contentsOf: expectedOutput)
    let config = folder.appending(path: "report.conf")
    try "time-zone = \(name)\n".write(to: config, atomically: true, encoding: .utf8)
    let ways: [(String, (URL) throws -> Subprocess.Result)] = [
      ("TZ=\(name)", { try TimeZonePathTests.run(tz: name, output: $0) }),
      ("TZ=\(path)", { try TimeZonePathTests.run(tz: path, output: $0) }),
      ("-z \(name)", { try TimeZonePathTests.run(tz: "UTC", zone: name, output: $0) }),
      ("-z \(path)", { try TimeZonePathTests.run(tz: "UTC", zone: path, output: $0) }),
      ("config \(name)", { try TimeZonePathTests.run(tz: "UTC", config: config, output: $0) }),
    ]
    try TimeZonePathTests.expectSameReport(ways, expected: expected, in: folder)
  }

  @Test("a folder of the tree named by path: 72 for TZ, -z and the config file, as any folder")
  func folderInTree() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let asia = Self.tree + "/Asia"
    let output = folder.appending(path: "out.csv")
    let config = folder.appending(path: "report.conf")
    try "time-zone = \(asia)\n".write(to: config, atomically: true, encoding: .utf8)
    let message = "posttim-report: error: time zone \"\(asia)\": \(asia) is a folder, not a file\n"
    for (way, result) in [
      ("TZ", try TimeZonePathTests.run(tz: asia, output: output)),
      ("-z", try TimeZonePathTests.run(tz: "UTC", zone: asia, output: output)),
      ("config", try TimeZonePathTests.run(tz: "UTC", config: config, output: output)),
    ] {
      #expect(result.status == 72, "\(way): \(result.stderr)")
      #expect(result.stderr == message, "\(way)")
    }
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test(
    "a file of the tree that is no TZif file, named by path: TZ 72, -z 64, the config file 78 with its line",
    arguments: ["zone.tab", "tzdata.zi"])
  func notTZifInTree(name: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = Self.tree + "/" + name
    let output = folder.appending(path: "out.csv")
    let reason =
      "time zone \"\(path)\": \(path) is not a TZif zone file; name the zone by its ID, such as Asia/Tokyo"

    let fromTZ = try TimeZonePathTests.run(tz: path, output: output)
    #expect(fromTZ.status == 72)
    #expect(fromTZ.stderr == "posttim-report: error: \(reason)\n")

    let fromOption = try TimeZonePathTests.run(tz: "UTC", zone: path, output: output)
    #expect(fromOption.status == 64)
    #expect(fromOption.stderr == "posttim-report: error: \(reason)\n" + TimeZonePathTests.usageTail)

    let config = folder.appending(path: "report.conf")
    try "# zones\ntime-zone = \(path)\n".write(to: config, atomically: true, encoding: .utf8)
    let fromConfig = try TimeZonePathTests.run(tz: "UTC", config: config, output: output)
    #expect(fromConfig.status == 78)
    #expect(fromConfig.stderr == "posttim-report: error: \(config.path):2:13: \(reason)\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("a copied zone file matched against a TZDIR reached through another user's link: 72 naming the link")
  func strangersTZDIRForACopy() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shared = folder.appending(path: "shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
    #expect(chmod(shared.path, 0o1777) == 0)
    let link = shared.appending(path: "zl")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: Self.tree)
    #expect(lchown(link.path, 4245, 4245) == 0)
    let copy = folder.appending(path: "kol")
    try FileManager.default.copyItem(atPath: Self.tree + "/Asia/Kolkata", toPath: copy.path)
    let output = folder.appending(path: "out.csv")
    let result = try TimeZonePathTests.run(tz: copy.path, tzdir: link.path, output: output)
    #expect(result.status == 72)
    #expect(
      result.stderr
        == "posttim-report: error: time zone \"\(copy.path)\": \(link.path) is refused: not following \(link.path): "
        + "a symbolic link of uid 4245 in a sticky world-writable folder\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }
}
