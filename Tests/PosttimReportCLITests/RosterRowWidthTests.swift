import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

/// Every roster row has as many cells as the header (RFC 4180 §2.4): a row
/// with more or fewer refuses the roster whole (65), naming the row and
/// both counts, as every other bad roster is refused.
@Suite("Roster row width")
struct RosterRowWidthTests {
  func refusal(_ csv: String) throws -> String? {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "roster.csv").path
    try csv.write(toFile: path, atomically: false, encoding: .utf8)
    let refused = try RosterFile(path: path).refusedRows
    guard !refused.isEmpty else { return nil }
    let errors = RosterErrors(errors: refused)
    #expect(errors.exitCode == .dataError)
    return errors.description.replacingOccurrences(of: path, with: "ROSTER")
  }

  @Test("a row with more cells than the header is refused")
  func moreCells() throws {
    let extra = String(repeating: ",x", count: 2000)
    let message = try refusal("id,list,locale\nzoe,zoe.plist,fr_CA\namira,amira.plist,ar_EG\(extra)\n")
    #expect(message == "roster 'ROSTER', row 3: has 2003 cells, the header has 3")
  }

  @Test("a row with fewer cells than the header is refused")
  func fewerCells() throws {
    let message = try refusal("id,list,locale\nzoe,zoe.plist\n")
    #expect(message == "roster 'ROSTER', row 2: has 2 cells, the header has 3")
  }

  @Test("rows as wide as the header, empty cells included, are read")
  func sameWidth() throws {
    #expect(try refusal("id,list,locale\nzoe,zoe.plist,\namira,amira.plist,ar_EG\n") == nil)
  }
}
