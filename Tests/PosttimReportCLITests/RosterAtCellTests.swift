import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A roster's `at` cell takes what roster.md documents, `HH:MM` (and
/// `H:MM`, `HH:MM:00` as spreadsheets export them), digits only: a sign
/// would otherwise move the reader's hour silently (`-0:30` read as 00:30).
@Suite("Roster at cell")
struct RosterAtCellTests {
  static let now = "2026-12-01T12:00:00Z"

  static func fixture(at: String) throws -> RosterFixture {
    try RosterFixture("id,list,time-zone,mail-to,at\nzoe,tasks.plist,UTC,zoe@example.org,\(at)\n")
  }

  @Test(
    "an at cell with a sign or other than digits is 65 naming row and column; nothing is sent",
    arguments: ["-0:30", "+6:00", "+06:00", "+6:00:00", "-00:00", "06:+0", "٠٦:٠٠"])
  func signed(at: String) throws {
    let fixture = try Self.fixture(at: at)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr.last
        == "posttim-report: error: roster '\(fixture.roster)', row 2, column 'at': '\(at)' is not a wall time HH:MM "
        + "(00:00 to 23:59; H:MM and HH:MM:00 are read too)")
    #expect(run.stdout == "")
    #expect(fixture.messages.isEmpty)
  }

  @Test("the documented spellings are read", arguments: ["06:00", "6:00", "06:00:00"])
  func documented(at: String) throws {
    let fixture = try Self.fixture(at: at)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success)
    #expect(run.stdout.hasPrefix("zoe: sent <posttim-roster."))
    #expect(run.stdout.contains(".20261201@example.org> (2026-12-01, 06:00 UTC)\n"))
  }
}
