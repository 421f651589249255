import Foundation
import Testing

@testable import PosttimICU

/// glibc reads a relative `TZ` as the file `TZDIR/NAME` (else
/// `/usr/share/zoneinfo/NAME`), so `//`, `.` and `..` in it are path
/// components: `TZ=America//Toronto` is Toronto to `date`. The tool reads
/// the same file, and says "as the C library does" only where glibc finds
/// no file and shows UTC too. GNU `date` is the oracle.
@Suite(
  "TZ: a relative name is the file TZDIR/NAME",
  .enabled(
    if: POSIXRuleZoneTests.gnuDate && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/America/Toronto"),
    "needs GNU date and the system tz database"))
struct RelativeTZNameTests {
  @Test(
    "spellings with //, ./ and .. are the zone glibc reads, every hour of 2026–2027",
    arguments: [
      "America//Toronto", "./America/Toronto", "America/./Toronto", "America/../America/Toronto",
      ":America//Toronto", ":./America/Toronto", "../zoneinfo/America/Toronto",
    ])
  func pathSpellings(tz: String) throws {
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": tz], root: "/nonexistent")
    #expect(resolution.warning == nil)
    #expect(resolution.zone.id == "America/Toronto")
    #expect(resolution.zone.systemZone != nil, "the system's rules, not ICU's copy")
    let mismatches = try POSIXRuleZoneTests.mismatchesWithGlibc(resolution.zone, tz: tz)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
  }

  @Test("a relative name leading out of the tree to a copy of a zone file is the zone with the same bytes")
  func copyReachedByDotDot() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "relative-tz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: folder.appending(path: "z").path)
    // From /usr/share/zoneinfo, three levels up is /.
    let tz = "../../.." + folder.appending(path: "z").path
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": tz], root: "/nonexistent")
    #expect(resolution.warning == nil)
    #expect(resolution.zone.id == "Asia/Tokyo")
    #expect(try POSIXRuleZoneTests.mismatchesWithGlibc(resolution.zone, tz: tz).isEmpty)
  }

  @Test(
    "a relative name with no file at TZDIR/NAME is UTC with the warning, as GNU date shows UTC",
    arguments: ["America/Toronto/", "America/Toronto/.", "America/Nowhere/../Toronto", "America//Nowhere"])
  func noFileIsUTC(tz: String) throws {
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": tz], root: "/nonexistent")
    #expect(resolution.zone == .utc)
    #expect(
      resolution.warning
        == "TZ=\"\(tz)\" is not a time zone this tool knows; using UTC (as the C library does)")
    let glibc = try POSIXRuleZoneTests.glibcTimes(tz, [1_780_315_200, 1_767_225_600])
    #expect(glibc == ["2026-06-01 12:00 +0000", "2026-01-01 00:00 +0000"])
  }
}
