import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `--overdue-days N` reaches the agenda through the run plan (fr_CA,
/// America/Toronto, now 2026-11-30T14:00Z; the example's overdue tasks
/// are due 1 to 29 November).
@Suite("CLI: --overdue-days")
struct OverdueDaysCLITests {
  static let common = [
    TestPaths.example.path, "--locale", "fr_CA", "--time-zone", "America/Toronto", "--now", "2026-11-30T14:00:00Z",
    "--to", "2026-11-30", "-f", "csv",
  ]

  /// The CSV rows' ISO dates (the last column).
  func dates(_ arguments: [String]) -> [Substring] {
    let run = CapturedRun()
    #expect(run.run(Self.common + arguments) == .success)
    return run.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").last ?? "" }
  }

  @Test("0 leaves the overdue tasks out; N keeps those of the last N days; none keeps all")
  func window() {
    let all = dates([])
    let today = dates(["--overdue-days", "0"])
    let lastThree = dates(["--overdue-days", "3"])
    #expect(all.contains { $0.hasPrefix("2026-11-01") })
    #expect(today.allSatisfy { $0.hasPrefix("2026-11-30") })
    #expect(!today.isEmpty)
    #expect(lastThree.allSatisfy { $0 >= "2026-11-27" })
    #expect(lastThree.count > today.count && lastThree.count < all.count)
  }
}
