import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A zone named by a path, as `TZ` takes it (`/usr/share/zoneinfo/Asia/Tokyo`,
/// `:Asia/Tokyo`, a copied zone file, the user's own link), is the zone
/// glibc reads: `TZ`, `-z` and the config file's `time-zone` take the same
/// forms. A file that is none of the system's zones is refused (`TZ`: 72,
/// `-z`: 64, the config file: 78), never shown as UTC; another user's link
/// in a sticky world-writable folder is 72 naming the link, as for `TZDIR`.
@Suite(
  "Time zones named by a path",
  .enabled(
    if: geteuid() == 0 && EndToEndTests.binary != nil
      && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/right/Asia/Tokyo"),
    "needs root to chown links, the built binary and the system tz database"))
struct TimeZonePathTests {
  static let stranger: uid_t = 4245
  static let tokyo = "/usr/share/zoneinfo/Asia/Tokyo"

  /// The example as CSV at a fixed instant; `zone` is `-z`'s value.
  static func run(
    tz: String? = nil, zone: String? = nil, config: URL? = nil, tzdir: String? = nil, output: URL
  ) throws -> Subprocess.Result {
    var arguments = [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-l", "en_CA", "-f", "csv"]
    arguments += ["-o", output.path]
    if let zone { arguments += ["-z", zone] }
    if let config { arguments += ["--config", config.path] }
    var environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
    if let tz { environment["TZ"] = tz }
    if let tzdir { environment["TZDIR"] = tzdir }
    return try Subprocess.run(EndToEndTests.binary!.path, arguments, environment: environment)
  }

  /// Tokyo's report, the one every Tokyo spelling must give.
  static func tokyoReport(in folder: URL) throws -> Data {
    let output = folder.appending(path: "tokyo-by-id.csv")
    let result = try run(zone: "Asia/Tokyo", output: output)
    #expect(result.status == 0, "\(result.stderr)")
    return try Data(contentsOf: output)
  }

  @Test(
    "TZ and -z: a path into the zoneinfo tree, ':ID', a copied zone file and the user's own link are that zone",
    arguments: ["TZ", "-z"])
  func spellingsOfOneZone(by setting: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let expected = try Self.tokyoReport(in: folder)
    let copy = folder.appending(path: "my-zone")
    try FileManager.default.copyItem(atPath: Self.tokyo, toPath: copy.path)
    let link = folder.appending(path: "my-link")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: Self.tokyo)
    for (index, value) in [Self.tokyo, ":" + Self.tokyo, ":Asia/Tokyo", copy.path, link.path, ":" + copy.path]
      .enumerated()
    {
      let output = folder.appending(path: "out-\(index).csv")
      let result =
        setting == "TZ" ? try Self.run(tz: value, output: output) : try Self.run(zone: value, output: output)
      #expect(result.status == 0, "\(setting)=\(value): \(result.stderr)")
      #expect(result.stderr == "", "\(setting)=\(value)")
      #expect(try Data(contentsOf: output) == expected, "\(setting)=\(value)")
    }
  }

  @Test("the config file's time-zone takes a copied zone file too")
  func configCopy() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let expected = try Self.tokyoReport(in: folder)
    let copy = folder.appending(path: "my-zone")
    try FileManager.default.copyItem(atPath: Self.tokyo, toPath: copy.path)
    let config = folder.appending(path: "report.conf")
    try "time-zone = \(copy.path)\n".write(to: config, atomically: true, encoding: .utf8)
    let output = folder.appending(path: "out.csv")
    let result = try Self.run(tz: "UTC", config: config, output: output)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Data(contentsOf: output) == expected)
  }

  /// A TZif file that is none of the system's zones: Tokyo with `JST`
  /// renamed `XST` (a `right/` zone is refused for its leap seconds).
  static func unknownZoneFile(in folder: URL) throws -> URL {
    let file = folder.appending(path: "odd-zone")
    var bytes = [UInt8](try Data(contentsOf: URL(filePath: tokyo)))
    for index in bytes.indices.dropLast(2) where bytes[index..<index + 3].elementsEqual("JST".utf8) {
      bytes[index] = UInt8(ascii: "X")
    }
    try Data(bytes).write(to: file)
    return file
  }

  /// Each way's run (given its output file) succeeds in silence and writes `expected`.
  static func expectSameReport(
    _ ways: [(String, (URL) throws -> Subprocess.Result)], expected: Data, in folder: URL,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for (index, (way, run)) in ways.enumerated() {
      let output = folder.appending(path: "out-\(index).csv")
      let result = try run(output)
      #expect(result.status == 0, "\(way): \(result.stderr)", sourceLocation: sourceLocation)
      #expect(result.stderr == "", "\(way)", sourceLocation: sourceLocation)
      #expect((try? Data(contentsOf: output)) == expected, "\(way)", sourceLocation: sourceLocation)
    }
  }

  /// What follows a usage error's message.
  static let usageTail =
    "Usage: posttim-report [options] FILE... (- for stdin)\nSee 'posttim-report --help' for more information.\n"

  static func matchesNone(_ value: String, _ path: String) -> String {
    "time zone \"\(value)\": \(path) is a zone file that matches none of the zones in /usr/share/zoneinfo "
      + "(a copy of one of them is read as that zone); name the zone by its ID, such as Asia/Tokyo"
  }

  @Test("a zone file that is none of the system's zones: TZ 72, -z 64, the config file 78, nothing written")
  func unknownFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let odd = try Self.unknownZoneFile(in: folder).path
    let output = folder.appending(path: "out.csv")

    let fromTZ = try Self.run(tz: odd, output: output)
    #expect(fromTZ.status == 72)
    #expect(fromTZ.stderr == "posttim-report: error: \(Self.matchesNone(odd, odd))\n")

    let fromOption = try Self.run(tz: "UTC", zone: ":" + odd, output: output)
    #expect(fromOption.status == 64)
    #expect(fromOption.stderr == "posttim-report: error: \(Self.matchesNone(":" + odd, odd))\n" + Self.usageTail)

    let config = folder.appending(path: "report.conf")
    try "# zones\ntime-zone = \(odd)\n".write(to: config, atomically: true, encoding: .utf8)
    let fromConfig = try Self.run(tz: "UTC", config: config, output: output)
    #expect(fromConfig.status == 78)
    #expect(fromConfig.stderr == "posttim-report: error: \(config.path):2:13: \(Self.matchesNone(odd, odd))\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("a file that is no zone file at all, named by TZ: 72 naming it, never UTC")
  func notAZoneFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appending(path: "notes.txt")
    try "Asia/Tokyo\n".write(to: text, atomically: true, encoding: .utf8)
    let output = folder.appending(path: "out.csv")
    let result = try Self.run(tz: text.path, output: output)
    #expect(result.status == 72)
    #expect(
      result.stderr
        == "posttim-report: error: time zone \"\(text.path)\": \(text.path) is not a TZif zone file; "
        + "name the zone by its ID, such as Asia/Tokyo\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("TZ or -z through another user's link in a sticky world-writable folder: 72 naming the link")
  func strangersLink() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shared = folder.appending(path: "shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
    #expect(chmod(shared.path, 0o1777) == 0)
    let link = shared.appending(path: "zone")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: Self.tokyo)
    #expect(lchown(link.path, Self.stranger, Self.stranger) == 0)
    let output = folder.appending(path: "out.csv")
    for (tz, zone) in [(link.path, nil), (":" + link.path, nil), ("UTC", link.path)] {
      let result = try Self.run(tz: tz, zone: zone, output: output)
      #expect(result.status == 72, "\(tz) \(zone ?? "")")
      let value = zone ?? tz
      #expect(
        result.stderr
          == "posttim-report: error: time zone \"\(value)\": \(link.path) is refused: not following \(link.path): "
          + "a symbolic link of uid \(Self.stranger) in a sticky world-writable folder\n")
    }
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test(
    "a roster's time-zone cell takes a copied zone file; one that is none of the system's zones is 65 naming the row")
  func rosterCells() throws {
    let fixture = try RosterFixture("id,list,mail-to,time-zone\n")
    defer { fixture.remove() }
    let copy = fixture.folder.appending(path: "my-zone")
    try FileManager.default.copyItem(atPath: Self.tokyo, toPath: copy.path)
    let odd = try Self.unknownZoneFile(in: fixture.folder).path
    try "id,list,mail-to,time-zone\na,tasks.plist,a@example.org,\(copy.path)\n"
      .write(toFile: fixture.roster, atomically: true, encoding: .utf8)
    let (sent, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(sent == .success, "\(run.stderr)")
    #expect(fixture.messages.count == 1)
    try "id,list,mail-to,time-zone\nb,tasks.plist,b@example.org,\(odd)\n"
      .write(toFile: fixture.roster, atomically: true, encoding: .utf8)
    let (refused, again) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(refused == .dataError)
    #expect(
      again.stderr.first
        == "posttim-report: error: roster '\(fixture.roster)', row 2, column 'time-zone': \(Self.matchesNone(odd, odd))"
    )
    #expect(fixture.messages.count == 1)
  }

  @Test("a path that names no file: -z 64; TZ warns and uses UTC, as the C library does")
  func missingPath() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appending(path: "no-such-zone").path
    let output = folder.appending(path: "out.csv")
    let fromOption = try Self.run(tz: "UTC", zone: missing, output: output)
    #expect(fromOption.status == 64)
    #expect(
      fromOption.stderr
        == "posttim-report: error: unknown time zone \"\(missing)\" (expected an IANA time zone ID such as America/Toronto)\n"
        + Self.usageTail)
    let fromTZ = try Self.run(tz: missing, output: output)
    #expect(fromTZ.status == 0)
    #expect(
      fromTZ.stderr
        == "posttim-report: warning: TZ=\"\(missing)\" is not a time zone this tool knows; using UTC (as the C library does)\n"
    )
  }

  @Test(
    "a name or path longer than any file's may be (ENAMETOOLONG) names no file: -z 64; TZ warns and uses UTC",
    arguments: [
      String(repeating: "A", count: 300), "Asia/" + String(repeating: "T", count: 300),
      "/tmp/" + String(repeating: "B", count: 300) + "/x", ":/tmp/" + String(repeating: "B", count: 256),
      "/" + Array(repeating: "abcdefgh", count: 600).joined(separator: "/"),
    ])
  func nameTooLong(name: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "out.csv")
    let utc = folder.appending(path: "utc.csv")
    #expect(try Self.run(zone: "UTC", output: utc).status == 0)
    let fromOption = try Self.run(tz: "UTC", zone: name, output: output)
    #expect(fromOption.status == 64, "\(fromOption.stderr)")
    #expect(fromOption.stderr.hasPrefix("posttim-report: error: unknown time zone \"\(name.prefix(20))"))
    let fromTZ = try Self.run(tz: name, output: output)
    #expect(fromTZ.status == 0, "\(fromTZ.stderr)")
    #expect(fromTZ.stderr.hasPrefix("posttim-report: warning: TZ=\"\(name.prefix(20))"))
    #expect(fromTZ.stderr.hasSuffix("…\" is not a time zone this tool knows; using UTC (as the C library does)\n"))
    #expect(try Data(contentsOf: output) == Data(contentsOf: utc))
  }
}
