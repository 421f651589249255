import Foundation
import TestSupport
import Testing

/// The formula guard covers every CSV cell, the date too: a `--pattern`
/// that put an offset or a literal first gave `-05:00 01:30` and
/// `=cmd|2026` unguarded, though a spreadsheet runs both.
@Suite(
  "CSV date cell formula guard",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct CSVDateCellGuardTests {
  /// The first cell of the first task row of the example list as CSV.
  static func firstDateCell(_ extra: [String]) throws -> String {
    let (status, stdout, stderr) = try EndToEndTests.run(
      [TestPaths.example.path, "--now", "2026-12-01T09:00:00Z", "-l", "en_CA", "-f", "csv"] + extra,
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(status == 0, "\(stderr)")
    let row = stdout.components(separatedBy: "\r\n")[1]
    return String(row.prefix { $0 != "," })
  }

  @Test(
    "a date pattern starting with a trigger is guarded",
    arguments: [
      (["-z", "America/Toronto", "--pattern", "xxx HH:mm"], "'-04:00 01:30"),
      (["-z", "UTC", "--pattern", "'=cmd|'yyyy"], "'=cmd|2026"),
      (["-z", "UTC", "--pattern", "'+'yyyy"], "'+2026"),
      (["-z", "UTC", "--pattern", "'@'yyyy"], "'@2026"),
    ])
  func guarded(_ arguments: [String], cell: String) throws {
    #expect(try Self.firstDateCell(arguments) == cell)
  }

  @Test("--csv-raw-formulas keeps the date cell as formatted")
  func raw() throws {
    #expect(try Self.firstDateCell(["-z", "UTC", "--pattern", "'=cmd|'yyyy", "--csv-raw-formulas"]) == "=cmd|2026")
  }
}
