import Foundation
import Testing
import TestSupport

/// The formula guard is for task text (title, description); the date cells
/// are the date pattern's output and stay as it makes them (a `--pattern`
/// that starts with an offset gives `-05:00 …`). The help and usage.md say
/// which cells the guard covers.
@Suite("CSV: which cells the formula guard covers")
struct CSVFormulaGuardScopeTests {
  @Test("usage.md's --csv-raw-formulas row names the title and description cells and the date's exception")
  func usageRow() throws {
    let text = try String(contentsOf: TestPaths.packageRoot.appending(path: "docs/usage.md"), encoding: .utf8)
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `--csv-raw-formulas` |") })
    #expect(row.contains("Keep CSV title and description cells starting with = + - @ tab or CR as they are."))
    #expect(row.contains("The date cells are the date pattern's output and are never changed"))
  }
}
