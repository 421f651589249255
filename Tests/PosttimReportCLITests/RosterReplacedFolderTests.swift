import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A roster whose real path changed because its old one is gone (a
/// Kubernetes ConfigMap: `roster.csv -> ..data/roster.csv`, `..data` a link
/// to a timestamped folder replaced at each update; a roster moved) keeps
/// its journal: the journal's first line names a file that no longer
/// exists, so no other roster can own it.
@Suite("Roster whose real path changed")
struct RosterReplacedFolderTests {
  static let now = "2026-12-01T12:00:00Z"

  /// `cm/roster.csv -> ..data/roster.csv`, `..data -> version`, the roster
  /// in `cm/version/`, naming the fixture's list by its absolute path.
  static func publish(_ fixture: RosterFixture, version: String) throws {
    let manager = FileManager.default
    let mount = fixture.folder.appending(path: "cm").path
    try manager.createDirectory(atPath: mount + "/" + version, withIntermediateDirectories: true)
    let csv = "id,list,time-zone,mail-to\nzoe,\(fixture.folder.path)/tasks.plist,UTC,zoe@example.org\n"
    try csv.write(toFile: mount + "/" + version + "/roster.csv", atomically: true, encoding: .utf8)
    // The link is swapped by a rename, as Kubernetes does.
    try manager.createSymbolicLink(atPath: mount + "/..data_tmp", withDestinationPath: version)
    #expect(rename(mount + "/..data_tmp", mount + "/..data") == 0)
    if !manager.fileExists(atPath: mount + "/roster.csv") {
      try manager.createSymbolicLink(atPath: mount + "/roster.csv", withDestinationPath: "..data/roster.csv")
    }
  }

  @Test("a ConfigMap roster updated between two runs: the second finds the reader served, and the old path is gone")
  func configMapUpdate() throws {
    let fixture = try RosterFixture("id,list,time-zone,mail-to\n")
    defer { fixture.remove() }
    let mount = fixture.folder.appending(path: "cm").path
    try Self.publish(fixture, version: "..2026_12_01_08_00_00.1")
    let arguments = [
      "roster", mount + "/roster.csv", "--send", "--sendmail", fixture.sendmail, "--state", fixture.state,
      "--mail-from", "roster@example.org", "--now", Self.now,
    ]
    let first = CapturedRun()
    #expect(first.run(arguments) == .success, "\(first.stderr)")
    try Self.publish(fixture, version: "..2026_12_01_09_00_00.2")
    try FileManager.default.removeItem(atPath: mount + "/..2026_12_01_08_00_00.1")

    let second = CapturedRun()
    #expect(second.run(arguments) == .success, "\(second.stderr)")
    #expect(second.stderr == [])
    #expect(second.stdout.hasSuffix("roster: 0 sent, 0 not due, 1 already sent, 0 failed\n"))
    #expect(fixture.messages.count == 1)
  }
}
