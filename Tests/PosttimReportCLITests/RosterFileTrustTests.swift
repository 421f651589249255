import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A roster names the task lists read and who gets them: a root run takes
/// it only when nobody but the caller and root could have written it, as
/// a config file (docs/security.md).
@Suite("Roster file trust")
struct RosterFileTrustTests {
  func refusal(_ fixture: RosterFixture) throws -> (ExitCode, [String]) {
    try FileManager.default.createDirectory(
      at: fixture.folder.appending(path: "out"), withIntermediateDirectories: true)
    let run = CapturedRun()
    let status = run.run([
      "roster", fixture.roster, "-o", fixture.folder.appending(path: "out").path, "--state", fixture.state, "--now",
      "2026-11-30T14:00:00Z",
    ])
    return (status, run.stderr)
  }

  static let csv = "id,list,at,mail-to\nm,tasks.plist,00:00,m@example.org\n"

  @Test("another user's roster is refused (78), naming the owner; nothing is written", .enabled(if: geteuid() == 0))
  func otherOwner() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    #expect(chown(fixture.roster, 4242, 4242) == 0)
    let (status, stderr) = try refusal(fixture)
    #expect(status == .configuration)
    #expect(
      stderr == [
        "posttim-report: error: roster '\(fixture.roster)': not trusted: owned by uid 4242, not by you or root"
      ])
    #expect(!FileManager.default.fileExists(atPath: fixture.folder.appending(path: "out/m.eml").path))
  }

  @Test("a roster others may write is refused (78), naming the mode")
  func writableByOthers() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    #expect(chmod(fixture.roster, 0o666) == 0)
    let (status, stderr) = try refusal(fixture)
    #expect(status == .configuration)
    #expect(
      stderr == [
        "posttim-report: error: roster '\(fixture.roster)': not trusted: mode 0666 lets other users change it (chmod go-w)"
      ])
  }

  @Test("a roster in a folder others may write to, without the sticky bit, is refused (78)")
  func writableFolder() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    #expect(chmod(fixture.folder.path, 0o777) == 0)
    let (status, stderr) = try refusal(fixture)
    #expect(status == .configuration)
    #expect(
      stderr == [
        "posttim-report: error: roster '\(fixture.roster)': not trusted: its folder \(fixture.folder.path) is "
          + "writable by other users (mode 0777) and not sticky"
      ])
  }

  @Test("the caller's own roster, mode 0644, is read")
  func own() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    let (status, _) = try refusal(fixture)
    #expect(status == .success)
    #expect(FileManager.default.fileExists(atPath: fixture.folder.appending(path: "out/m.eml").path))
  }
}
