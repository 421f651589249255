import Foundation
import PosttimICU
import Testing

@Suite("Time zones")
struct TimeZoneTests {
  @Test("IANA IDs are validated; ICU would fall back to GMT silently")
  func validation() throws {
    #expect(try TimeZoneIdentifier("US/Eastern").canonicalID == "America/New_York")
    #expect(try TimeZoneIdentifier("EST5EDT").id == "EST5EDT")
    #expect(throws: DateEngineError.invalidTimeZone("Not/AZone")) { try TimeZoneIdentifier("Not/AZone") }
    #expect(throws: DateEngineError.invalidTimeZone("")) { try TimeZoneIdentifier("") }
    // ICU's legacy aliases and zone-folder files that are no zones.
    for id in ["BST", "IST", "CST", "posixrules", "localtime"] {
      #expect(throws: DateEngineError.invalidTimeZone(id)) { try TimeZoneIdentifier(id) }
    }
    // The tz database's zone for a machine whose zone was never set: offset 0, as glibc reads it.
    #expect(try TimeZoneIdentifier("Factory").id == "Factory")
    #expect(try TimeZoneIdentifier("UTC").id == "UTC")
    #expect(try TimeZoneIdentifier("Japan").id == "Japan")
    #expect(try TimeZoneIdentifier("GMT+05:30").id == "GMT+05:30")
  }

  @Test(
    "TZ in all its forms",
    arguments: [
      ("America/Toronto", "America/Toronto"),
      (":America/Toronto", "America/Toronto"),
      (":/usr/share/zoneinfo/Europe/Paris", "Europe/Paris"),
      ("/usr/share/zoneinfo/posix/Asia/Tokyo", "Asia/Tokyo"),
      ("EST5EDT", "EST5EDT"),
      ("JST-9", "GMT+09:00"),
      ("<-03>3", "GMT-03:00"),
      // Offsets from glibc: `TZ=GMT+5 date -d @1793511000 +%z` → -0500, UTC-3 → +0300,
      // <+0330>-3:30 → +0330, EST5 → -0500, GMT+05:00 → -0500.
      ("GMT+5", "GMT-05:00"),
      (":GMT+5", "GMT-05:00"),
      ("UTC-3", "GMT+03:00"),
      ("<+0330>-3:30", "GMT+03:30"),
      ("EST5", "GMT-05:00"),
      ("GMT+05:00", "GMT-05:00"),
      ("UTC0", "UTC"),
      ("", "UTC"),
    ])
  func tzForms(tz: String, expected: String) throws {
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": tz], root: "/nonexistent")
    #expect(resolution.zone.id == expected)
    #expect(resolution.source == "TZ")
    #expect(resolution.warning == nil)
  }

  @Test("an unusable TZ falls back to UTC with a warning, as the C library does")
  func badTZ() throws {
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": "Mars/Olympus"], root: "/nonexistent")
    #expect(resolution.zone == .utc)
    #expect(
      resolution.warning == "TZ=\"Mars/Olympus\" is not a time zone this tool knows; using UTC (as the C library does)")
  }

  @Test("without TZ: the /etc/localtime link, then /etc/timezone, then UTC")
  func etcFiles() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "tz-\(UUID().uuidString)")
    let etc = root.appending(path: "etc")
    try FileManager.default.createDirectory(at: etc, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try DeviceTimeZone.resolve(environment: [:], root: root.path).source == "default")
    try "America/St_Johns\n".write(to: etc.appending(path: "timezone"), atomically: true, encoding: .utf8)
    let fromFile = try DeviceTimeZone.resolve(environment: [:], root: root.path)
    #expect(fromFile.zone.id == "America/St_Johns")
    #expect(fromFile.source == "/etc/timezone")
    try FileManager.default.createSymbolicLink(
      atPath: etc.appending(path: "localtime").path, withDestinationPath: "/usr/share/zoneinfo/Asia/Kathmandu")
    let fromLink = try DeviceTimeZone.resolve(environment: [:], root: root.path)
    #expect(fromLink.zone.id == "Asia/Kathmandu")
    #expect(fromLink.source == "/etc/localtime")
  }
}
