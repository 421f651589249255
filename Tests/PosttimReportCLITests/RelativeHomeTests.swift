import Foundation
import Testing
import TestSupport

/// A relative `HOME` names no folder (the XDG base-directory rule: relative
/// paths are invalid): it is ignored, as a relative `XDG_STATE_HOME` or
/// `XDG_CONFIG_HOME` is, so neither the roster's journal nor the config
/// file is looked for under whatever folder the run starts in.
@Suite("A relative HOME", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct RelativeHomeTests {
  static let environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": "relhome"]

  @Test("a roster without --state under a relative HOME: 64 saying so, nothing sent and no folder made")
  func rosterJournalNotUnderRelativeHome() throws {
    let fixture = try RosterFixture("id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n")
    defer { fixture.remove() }
    for relative in [[:], ["XDG_STATE_HOME": "state"]] {
      let result = try LimitedRun.run(
        "cd '\(fixture.folder.path)'",
        [
          "roster", "roster.csv", "--send", "--sendmail", fixture.sendmail, "--mail-from", "roster@example.org",
          "--now", "2026-12-01T12:00:00Z",
        ], environment: Self.environment.merging(relative) { $1 })
      #expect(result.status == 64)
      #expect(result.stdout == "")
      #expect(
        result.stderr
          == "posttim-report: error: no folder for the journal: give --state DIR (HOME is a relative path, and "
          + "XDG_STATE_HOME is not an absolute one; relative ones are ignored)\n"
          + "Usage: posttim-report roster [options] ROSTER.csv (--send | -o DIR)\n"
          + "See 'posttim-report roster --help' for more information.\n")
      #expect(fixture.messages.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: fixture.folder.appending(path: "relhome").path))
    }
  }

  @Test("a report under a relative HOME reads no relhome/.config/posttim-report/config of the current folder")
  func configNotUnderRelativeHome() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "relhome/.config/posttim-report")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "format = json\n".write(to: config.appending(path: "config"), atomically: true, encoding: .utf8)
    let result = try LimitedRun.run(
      "cd '\(folder.path)'", [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-z", "UTC"],
      environment: Self.environment)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("# Agenda\n"))
  }
}
