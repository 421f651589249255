import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A roster cell is taken as written: one with a space or tab before or
/// after its value is refused (65, naming row and column) in every column,
/// not trimmed in some (a `locale` cell) and refused in others (a
/// `time-zone` cell) by chance of each option's parser.
@Suite("Roster padded cells")
struct RosterPaddedCellTests {
  static let now = "2026-12-01T12:00:00Z"
  static let header = "id,list,time-zone,mail-to,locale,at"
  static let cells = ["zoe", "tasks.plist", "UTC", "zoe@example.org", "fr_CA", "06:00"]

  static let padded: [(column: Int, cell: String)] = [
    (4, " fr_CA"), (4, "fr_CA "), (2, "UTC "), (2, " Asia/Jerusalem"), (3, " zoe@example.org"),
    (5, " 6:00"), (1, "tasks.plist "), (0, "zoe "), (4, "\tfr_CA"), (4, "fr_CA\u{A0}"),
  ]

  @Test("a cell with a space before or after it is 65 naming row and column; nothing is sent", arguments: padded)
  func paddedCell(column: Int, cell: String) throws {
    var row = Self.cells
    row[column] = "\"\(cell)\""
    let fixture = try RosterFixture(Self.header + "\n" + row.joined(separator: ",") + "\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    let name = Self.header.split(separator: ",")[column]
    // Error messages show a tab escaped.
    let shown = cell.replacingOccurrences(of: "\t", with: "\\t")
    #expect(status == .dataError)
    #expect(
      run.stderr.last
        == "posttim-report: error: roster '\(fixture.roster)', row 2, column '\(name)': '\(shown)' starts or ends "
        + "with a space: cells are taken as written, not trimmed")
    #expect(run.stdout == "")
    #expect(fixture.messages.isEmpty)
  }

  @Test("spaces inside a cell stay (a display name)")
  func innerSpaces() throws {
    var row = Self.cells
    row[3] = "Zoë Tremblay <zoe@example.org>"
    let fixture = try RosterFixture(Self.header + "\n" + row.joined(separator: ",") + "\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success)
    #expect(run.stdout.hasPrefix("zoe: sent "))
  }
}
