import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `TZDIR` is read through the one opener every data file uses, so its
/// links follow the kernel's `protected_symlinks` rule: another user's
/// link in a sticky world-writable folder (`/tmp/s/zi -> their forged
/// zones`) stops the run as a broken zone file does (72, naming the link),
/// never gives times by forged rules.
@Suite(
  "TZDIR links: the protected_symlinks rule",
  .enabled(
    if: geteuid() == 0 && EndToEndTests.binary != nil
      && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Asia/Tokyo"),
    "needs root to chown links, the built binary and the system tz database"))
struct TimeZoneFolderLinkRuleTests {
  static let stranger: uid_t = 4244

  /// `shared` (sticky, world-writable) and `zones`, a forged tz database
  /// whose America/Toronto is Tokyo's rules; `shared/zi` links to it,
  /// owned by `owner`.
  static func forgedZones(in root: URL, linkOwner owner: uid_t) throws -> URL {
    let shared = root.appending(path: "shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
    #expect(chmod(shared.path, 0o1777) == 0)
    let zones = root.appending(path: "zones")
    try FileManager.default.createDirectory(at: zones.appending(path: "America"), withIntermediateDirectories: true)
    try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Tokyo"))
      .write(to: zones.appending(path: "America/Toronto"))
    let link = shared.appending(path: "zi")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: zones.path)
    #expect(lchown(link.path, owner, owner) == 0)
    return link
  }

  static func run(tzdir: URL?, zone: String = "America/Toronto", output: String) throws -> Subprocess.Result {
    try Subprocess.run(
      EndToEndTests.binary!.path,
      [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-z", zone, "-f", "csv", "-o", output],
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"].merging(tzdir.map { ["TZDIR": $0.path] } ?? [:]) {
        $1
      })
  }

  @Test("TZDIR through another user's link: 72 naming the link, nothing written")
  func strangersLink() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let link = try Self.forgedZones(in: root, linkOwner: Self.stranger)
    let output = root.appending(path: "out.csv").path
    let result = try Self.run(tzdir: link, output: output)
    #expect(result.status == 72)
    #expect(
      result.stderr
        == "posttim-report: error: time zone \"America/Toronto\": the system's zone file \(link.path)/America/Toronto "
        + "is refused: not following \(link.path): a symbolic link of uid \(Self.stranger) in a sticky "
        + "world-writable folder\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("TZDIR through the caller's own link there is followed: its zones are used")
  func ownLink() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let link = try Self.forgedZones(in: root, linkOwner: geteuid())
    let output = root.appending(path: "out.csv").path
    let result = try Self.run(tzdir: link, output: output)
    #expect(result.status == 0, "\(result.stderr)")
    // Tokyo's rules under Toronto's name: the caller's own folder is trusted.
    let tokyo = root.appending(path: "tokyo.csv").path
    #expect(try Self.run(tzdir: nil, zone: "Asia/Tokyo", output: tokyo).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data(contentsOf: URL(fileURLWithPath: tokyo)))
  }
}
