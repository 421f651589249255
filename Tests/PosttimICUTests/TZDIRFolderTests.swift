import Foundation
import Testing

@testable import PosttimICU

/// `TZDIR` names the tz database the run reads. One that is not a folder
/// (missing, a file) stops a run that needs a zone's file (72), naming the
/// folder and the zone, rather than give ICU's tz 2022e rules in silence
/// (Cairo an hour off in July); UTC needs no file. A folder whose links
/// lead back into the system's tree (`/usr/share/zoneinfo/posix`) is read
/// as glibc reads it.
@Suite(
  "TZDIR: the folder itself",
  .enabled(
    if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Africa/Cairo"), "needs the system tz database"))
struct TZDIRFolderTests {
  static let hint = "unset TZDIR or set it to a folder of zone files such as /usr/share/zoneinfo"

  @Test("a missing TZDIR or a file in its place: 72 naming the folder and the zone, by TZ and by ID")
  func notAFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "tzdir-file-\(UUID().uuidString)")
    try Data("Africa/Cairo\n".utf8).write(to: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (tzdir, reason) in [
      ("/nonexistent-tzdir", "(TZDIR) cannot be opened: No such file or directory"),
      (folder.path, "(TZDIR) is not a folder"),
    ] {
      let error = DateEngineError.unusableZonePath(
        zone: "Africa/Cairo", path: tzdir, reason: reason + "; " + Self.hint, isFileFault: true)
      #expect(throws: error) {
        try DeviceTimeZone.resolve(environment: ["TZDIR": tzdir, "TZ": "Africa/Cairo"], root: "/nonexistent")
      }
      #expect(throws: error) {
        try TimeZoneIdentifier("Africa/Cairo", systemZones: SystemTimeZoneData(environment: ["TZDIR": tzdir]))
      }
      #expect(
        error.description
          == "time zone \"Africa/Cairo\": \(tzdir) \(reason); unset TZDIR or set it to a folder of zone files such as /usr/share/zoneinfo"
      )
      // UTC's rules need no file: an empty TZ is UTC, as glibc shows, and so is Etc/UTC.
      for tz in ["", "Etc/UTC"] {
        #expect(
          try DeviceTimeZone.resolve(environment: ["TZDIR": tzdir, "TZ": tz], root: "/nonexistent").warning == nil)
      }
    }
  }

  @Test(
    "TZDIR=/usr/share/zoneinfo/posix, whose links lead into the system's tree, is read as GNU date reads it",
    .enabled(
      if: POSIXRuleZoneTests.gnuDate
        && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/posix/America/Toronto"),
      "needs GNU date and Debian's posix/ tree"),
    arguments: ["America/Toronto", "US/Eastern", "Africa/Cairo"])
  func posixTree(tz: String) throws {
    let environment = ["TZDIR": "/usr/share/zoneinfo/posix", "TZ": tz]
    let resolution = try DeviceTimeZone.resolve(environment: environment, root: "/nonexistent")
    #expect(resolution.warning == nil)
    #expect(resolution.zone.id == tz)
    #expect(resolution.zone.systemZone != nil, "the system's rules, not ICU's copy")
    let formatter = try ICUDateFormatter(pattern: "yyyy-MM-dd HH:mm xx", locale: .posix, timeZone: resolution.zone)
    let instants = Array(stride(from: 1_767_225_600, to: 1_767_225_600 + 365 * 86_400, by: 6 * 3_600))
    let ours = instants.map { formatter.string(from: Date(timeIntervalSince1970: TimeInterval($0))) }
    #expect(ours == (try POSIXRuleZoneTests.glibcTimes(tz, instants, tzdir: environment["TZDIR"])))
  }
}
