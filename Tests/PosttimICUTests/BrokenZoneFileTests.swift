import Foundation
import Testing

@testable import PosttimICU

/// A zone file the system has but that cannot be used is an error naming
/// it; ICU's own (tz 2022e) rules are only for zones the system does not
/// have. ICU's Cairo has no DST after 2022; the system's has (2023 on).
@Suite(
  "Broken system zone files",
  .enabled(
    if: FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Africa/Cairo"), "needs the system tz database"))
struct BrokenZoneFileTests {
  /// A TZDIR holding UTC, tzdata.zi and Africa/Cairo as `cairo` makes it.
  static func withTZDIR(_ makeCairo: (URL) throws -> Void, _ body: (SystemTimeZoneData, String) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "tzdir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appending(path: "Africa"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for name in ["UTC", "tzdata.zi", "Asia/Tokyo"] {
      try FileManager.default.createDirectory(
        at: root.appending(path: name).deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/" + name, toPath: root.appending(path: name).path)
    }
    let cairo = root.appending(path: "Africa/Cairo")
    try makeCairo(cairo)
    try body(SystemTimeZoneData(directory: root.path), cairo.path)
  }

  static let systemCairo = (try? Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Africa/Cairo"))) ?? Data()

  @Test(
    "empty, truncated, a folder, not TZif, a dangling link, a loop: an error naming the file",
    arguments: [
      ("empty", "is empty"),
      ("truncated", "is truncated or malformed (not a valid TZif file)"),
      ("folder", "is a folder, not a file"),
      ("text", "is not a TZif file"),
      ("dangling", "cannot be opened: No such file or directory"),
      ("loop", "cannot be opened: Too many levels of symbolic links"),
      ("fifo", "is not a regular file"),
    ])
  func broken(kind: String, reason: String) throws {
    try Self.withTZDIR(
      { url in
        switch kind {
        case "empty": try Data().write(to: url)
        case "truncated": try Self.systemCairo.prefix(100).write(to: url)
        case "folder": try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        case "text": try Data("Africa/Cairo\n".utf8).write(to: url)
        case "dangling": try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "Nowhere")
        case "loop": try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "Cairo")
        default: #expect(mkfifo(url.path, 0o600) == 0)
        }
      },
      { data, path in
        let error = DateEngineError.unusableZoneFile(zone: "Africa/Cairo", path: path, reason: reason)
        #expect(throws: error) { try TimeZoneIdentifier("Africa/Cairo", systemZones: data) }
        #expect(throws: error) { try data.checkedZone(for: "Africa/Cairo") }
        #expect(throws: error) {
          try DeviceTimeZone.resolve(environment: ["TZDIR": data.directory, "TZ": "Africa/Cairo"])
        }
        #expect(error.description == "time zone \"Africa/Cairo\": the system's zone file \(path) \(reason)")
      })
  }

  @Test("a zone file the system does not have is ICU's, and a good one is the system's")
  func missingAndGood() throws {
    try Self.withTZDIR(
      { _ in },
      { data, _ in
        let zone = try TimeZoneIdentifier("Africa/Cairo", systemZones: data)
        #expect(zone.systemZone == nil)
        // ICU 72's Cairo (tz 2022e): no DST in July 2026, so 14:00 for 12:00 UTC.
        let formatter = try ICUDateFormatter(pattern: "HH:mm", locale: .posix, timeZone: zone)
        #expect(formatter.string(from: Date(timeIntervalSince1970: 1_782_907_200)) == "14:00")
      })
    try Self.withTZDIR(
      { url in try Self.systemCairo.write(to: url) },
      { data, _ in
        let zone = try TimeZoneIdentifier("Africa/Cairo", systemZones: data)
        let formatter = try ICUDateFormatter(pattern: "HH:mm", locale: .posix, timeZone: zone)
        #expect(formatter.string(from: Date(timeIntervalSince1970: 1_782_907_200)) == "15:00")
      })
  }

  @Test("a zone file reached through /etc/localtime is checked the same way")
  func localtimeLink() throws {
    try Self.withTZDIR(
      { url in try Data().write(to: url) },
      { data, path in
        let root = FileManager.default.temporaryDirectory.appending(path: "etc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appending(path: "etc"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
          atPath: root.appending(path: "etc/localtime").path, withDestinationPath: "/usr/share/zoneinfo/Africa/Cairo")
        #expect(throws: DateEngineError.unusableZoneFile(zone: "Africa/Cairo", path: path, reason: "is empty")) {
          try DeviceTimeZone.resolve(environment: ["TZDIR": data.directory], root: root.path)
        }
      })
  }

  @Test("a FIFO named tzdata.zi in TZDIR or /etc/timezone is not waited on", .timeLimit(.minutes(10)))
  func fifos() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appending(path: "etc"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(mkfifo(root.appending(path: "tzdata.zi").path, 0o600) == 0)
    #expect(mkfifo(root.appending(path: "etc/timezone").path, 0o600) == 0)
    let data = SystemTimeZoneData(directory: root.path)
    #expect(data.version == nil)
    #expect(data.names.names.isEmpty)
    let device = try DeviceTimeZone.resolve(environment: [:], root: root.path)
    #expect(device.source == "default")
  }

  @Test("names ICU does not know: a broken TZif file or a tzdata.zi zone is an error, other files are no zone")
  func unknownToICU() throws {
    try Self.withTZDIR(
      { url in
        let folder = url.deletingLastPathComponent().deletingLastPathComponent()
        // tzdata.zi lists America/Ciudad_Juarez; its file here is empty.
        try FileManager.default.createDirectory(
          at: folder.appending(path: "America"), withIntermediateDirectories: true)
        try Data().write(to: folder.appending(path: "America/Ciudad_Juarez"))
        try Self.systemCairo.prefix(200).write(to: folder.appending(path: "Mars_Olympus"))
        try Data("not a zone".utf8).write(to: folder.appending(path: "notes.txt"))
        try Self.systemCairo.write(to: url)
      },
      { data, _ in
        #expect(
          throws: DateEngineError.unusableZoneFile(
            zone: "America/Ciudad_Juarez", path: data.directory + "/America/Ciudad_Juarez", reason: "is empty")
        ) { try TimeZoneIdentifier("America/Ciudad_Juarez", systemZones: data) }
        #expect(
          throws: DateEngineError.unusableZoneFile(
            zone: "Mars_Olympus", path: data.directory + "/Mars_Olympus",
            reason: "is truncated or malformed (not a valid TZif file)")
        ) { try TimeZoneIdentifier("Mars_Olympus", systemZones: data) }
        #expect(throws: DateEngineError.invalidTimeZone("notes.txt")) {
          try TimeZoneIdentifier("notes.txt", systemZones: data)
        }
        #expect(throws: DateEngineError.invalidTimeZone("America")) {
          try TimeZoneIdentifier("America", systemZones: data)
        }
      })
  }
}
