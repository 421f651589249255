import Foundation
import Testing

@testable import PosttimICU

/// `/etc/localtime` linked to a `right/` zone is the environment's zone
/// counting leap seconds (glibc's times 27 s from the plain zone's): a file
/// fault (72) naming the file and the reason, never the plain zone.
@Suite(
  "A device zone that counts leap seconds",
  .enabled(
    if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/right/Europe/Paris"),
    "needs the system tz database's right/ zones"))
struct LeapSecondLocaltimeTests {
  @Test("/etc/localtime linked into right/: refused as a file fault naming the link's target")
  func localtimeIntoRight() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "localtime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appending(path: "etc"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let target = "/usr/share/zoneinfo/right/Europe/Paris"
    try FileManager.default.createSymbolicLink(
      atPath: root.appending(path: "etc/localtime").path, withDestinationPath: target)
    let error = #expect(throws: DateEngineError.self) {
      try DeviceTimeZone.resolve(environment: [:], root: root.path)
    }
    #expect(error?.isFileFault == true)
    #expect(
      error?.description
        == "time zone \"\(target)\": \(target) counts leap seconds (a right/ zone), which the dates of task lists "
        + "do not; name the zone without right/, such as Europe/Paris")
  }

  @Test("/etc/localtime linked into posix/ is the plain zone, as before")
  func localtimeIntoPosix() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "localtime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appending(path: "etc"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createSymbolicLink(
      atPath: root.appending(path: "etc/localtime").path, withDestinationPath: "/usr/share/zoneinfo/posix/Europe/Paris")
    let device = try DeviceTimeZone.resolve(environment: [:], root: root.path)
    #expect(device.zone.id == "Europe/Paris")
    #expect(device.source == "/etc/localtime")
  }
}
