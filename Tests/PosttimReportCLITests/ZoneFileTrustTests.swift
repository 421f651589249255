import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A zone file gives every time of a report, so it is read only when
/// nobody but the caller and root could have written it, by the rule the
/// config file follows: the file owned by the caller or root and not
/// writable by group or others, every folder on its real path owned by
/// them and not writable by others unless sticky. Another user's folder of
/// forged zones (Tokyo's rules under Toronto's name), named by `TZDIR`,
/// `TZ`, `-z`, the config file or a roster cell, stops the run naming the
/// file and the reason; the caller's own folder is read.
@Suite(
  "Zone files: trusted only when nobody else could have written them",
  .enabled(
    if: geteuid() == 0 && EndToEndTests.binary != nil
      && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Asia/Tokyo"),
    "needs root to chown folders, the built binary and the system tz database"))
struct ZoneFileTrustTests {
  static let stranger: uid_t = 4246
  static let tokyo = "/usr/share/zoneinfo/Asia/Tokyo"
  static let usageTail = TimeZonePathTests.usageTail

  /// A fresh folder, by its real path (messages name real paths).
  static func folder() throws -> URL {
    let url = try temporaryFolder()
    return URL(fileURLWithPath: realpath(url.path, nil).map { String(cString: $0) } ?? url.path)
  }

  /// `root/name`, a tz database whose America/Toronto is Tokyo's rules:
  /// the folders and the file owned by `owner`, the file of mode `mode`.
  static func forgedZones(in root: URL, name: String, owner: uid_t, mode: mode_t = 0o644) throws -> URL {
    let zones = root.appending(path: name)
    let america = zones.appending(path: "America")
    try FileManager.default.createDirectory(at: america, withIntermediateDirectories: true)
    let toronto = america.appending(path: "Toronto")
    try Data(contentsOf: URL(fileURLWithPath: tokyo)).write(to: toronto)
    for path in [zones.path, america.path, toronto.path] { #expect(chown(path, owner, owner) == 0) }
    #expect(chmod(toronto.path, mode) == 0)
    return zones
  }

  /// The example as CSV at a fixed instant (``TimeZonePathTests``'s run), under `TZ=UTC` by default.
  static func run(
    tz: String = "UTC", tzdir: URL? = nil, zone: String? = nil, config: URL? = nil, output: URL
  ) throws -> Subprocess.Result {
    try TimeZonePathTests.run(tz: tz, zone: zone, config: config, tzdir: tzdir?.path, output: output)
  }

  static func refusal(_ value: String, _ path: String, _ reason: String) -> String {
    "time zone \"\(value)\": \(path) is not trusted: \(reason)"
  }

  @Test("TZDIR naming another user's folder of forged zones: 72 naming the folder, by -z or TZ, nothing written")
  func strangersTZDIR() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let zones = try Self.forgedZones(in: root, name: "theirs", owner: Self.stranger)
    let output = root.appending(path: "out.csv")
    let expected =
      "posttim-report: error: time zone \"America/Toronto\": \(zones.path) (TZDIR) is not trusted: its folder "
      + "\(zones.path) belongs to uid \(Self.stranger), not to you or root; unset TZDIR or set it to a folder of "
      + "zone files such as /usr/share/zoneinfo\n"
    for (tz, zone) in [("UTC", "America/Toronto"), ("America/Toronto", nil), (":America/Toronto", nil)] {
      let result = try Self.run(tz: tz, tzdir: zones, zone: zone, output: output)
      #expect(result.status == 72, "TZ=\(tz) -z \(zone ?? "")")
      #expect(result.stderr == expected, "TZ=\(tz) -z \(zone ?? "")")
    }
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("a forged zone file of another user's named by a path: TZ 72, -z 64, the config file 78, nothing written")
  func strangersFile() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let zones = try Self.forgedZones(in: root, name: "theirs", owner: Self.stranger)
    let path = zones.path + "/America/Toronto"
    let output = root.appending(path: "out.csv")
    // The refusal follows the path: her outermost folder, before her file.
    let reason = "its folder \(zones.path) belongs to uid \(Self.stranger), not to you or root"

    let fromTZ = try Self.run(tz: path, output: output)
    #expect(fromTZ.status == 72)
    #expect(fromTZ.stderr == "posttim-report: error: \(Self.refusal(path, path, reason))\n")

    let fromOption = try Self.run(zone: ":" + path, output: output)
    #expect(fromOption.status == 64)
    #expect(fromOption.stderr == "posttim-report: error: \(Self.refusal(":" + path, path, reason))\n" + Self.usageTail)

    let config = root.appending(path: "report.conf")
    try "# zones\ntime-zone = \(path)\n".write(to: config, atomically: true, encoding: .utf8)
    let fromConfig = try Self.run(config: config, output: output)
    #expect(fromConfig.status == 78)
    #expect(fromConfig.stderr == "posttim-report: error: \(config.path):2:13: \(Self.refusal(path, path, reason))\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("root's zone file in another user's folder: refused naming the folder (-z 64)")
  func rootsFileInStrangersFolder() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let zones = try Self.forgedZones(in: root, name: "theirs", owner: Self.stranger)
    let path = zones.path + "/America/Toronto"
    #expect(chown(path, 0, 0) == 0)
    let output = root.appending(path: "out.csv")
    let result = try Self.run(zone: path, output: output)
    #expect(result.status == 64)
    // The refusal follows the path: the first of her folders on it.
    let reason = "its folder \(zones.path) belongs to uid \(Self.stranger), not to you or root"
    #expect(result.stderr == "posttim-report: error: \(Self.refusal(path, path, reason))\n" + Self.usageTail)
  }

  @Test("a zone file of root's that its group may write: refused by -z (64), TZ and in TZDIR (72)")
  func groupWritableFile() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let zones = try Self.forgedZones(in: root, name: "shared", owner: 0, mode: 0o664)
    let path = zones.path + "/America/Toronto"
    let output = root.appending(path: "out.csv")
    let reason = "mode 0664 lets other users change it (chmod go-w)"

    let fromOption = try Self.run(zone: path, output: output)
    #expect(fromOption.status == 64)
    #expect(fromOption.stderr == "posttim-report: error: \(Self.refusal(path, path, reason))\n" + Self.usageTail)

    let fromTZ = try Self.run(tz: path, output: output)
    #expect(fromTZ.status == 72)
    #expect(fromTZ.stderr == "posttim-report: error: \(Self.refusal(path, path, reason))\n")

    let inTZDIR = try Self.run(tzdir: zones, zone: "America/Toronto", output: output)
    #expect(inTZDIR.status == 72)
    #expect(
      inTZDIR.stderr
        == "posttim-report: error: time zone \"America/Toronto\": the system's zone file \(path) is not trusted: "
        + "\(reason)\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("a roster's time-zone cell naming another user's zone file: 65 naming the row and her folder")
  func rosterCell() throws {
    let fixture = try RosterFixture("id,list,mail-to,time-zone\n")
    defer { fixture.remove() }
    let zones = try Self.forgedZones(in: fixture.folder, name: "theirs", owner: Self.stranger)
    let path = zones.path + "/America/Toronto"
    try "id,list,mail-to,time-zone\nb,tasks.plist,b@example.org,\(path)\n"
      .write(toFile: fixture.roster, atomically: true, encoding: .utf8)
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status == .dataError)
    #expect(
      run.stderr.first
        == "posttim-report: error: roster '\(fixture.roster)', row 2, column 'time-zone': "
        + Self.refusal(path, path, "its folder \(zones.path) belongs to uid \(Self.stranger), not to you or root"))
    #expect(fixture.messages.isEmpty)
  }

  @Test("the caller's own TZDIR folder is read: its America/Toronto gives its (Tokyo's) times")
  func callersOwnTZDIR() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let zones = try Self.forgedZones(in: root, name: "mine", owner: geteuid())
    let output = root.appending(path: "out.csv")
    let result = try Self.run(tzdir: zones, zone: "America/Toronto", output: output)
    #expect(result.status == 0, "\(result.stderr)")
    let tokyo = root.appending(path: "tokyo.csv")
    #expect(try Self.run(zone: "Asia/Tokyo", output: tokyo).status == 0)
    #expect(try Data(contentsOf: output) == Data(contentsOf: tokyo))
  }
}
