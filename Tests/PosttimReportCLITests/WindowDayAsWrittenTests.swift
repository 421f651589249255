import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A last day before the first names both as written and as resolved:
/// `+1` stays `+1` (not `tomorrow`), on the command line and in the
/// config file.
@Suite("Window days named as written")
struct WindowDayAsWrittenTests {
  static let base = [TestPaths.example.path, "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "--config", "/dev/null"]

  @Test(
    "on the command line: 64 naming each day as written",
    arguments: [
      (["--to", "+1", "--from", "+3"], "--to (+1: 2026-12-01) is before --from (+3: 2026-12-03)"),
      (["--to", " Tomorrow", "--from", "+03"], "--to (Tomorrow: 2026-12-01) is before --from (+03: 2026-12-03)"),
      (["--to", "-0", "--from", "2026-12-03"], "--to (-0: 2026-11-30) is before --from (2026-12-03)"),
    ])
  func commandLine(arguments: [String], reason: String) {
    expectRun(arguments: Self.base + arguments, exit: .usage, error: "posttim-report: error: \(reason)")
  }

  @Test("the config file's to: named as written there")
  func configFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "report.conf")
    try "to = +1\n".write(to: file, atomically: true, encoding: .utf8)
    expectRun(
      arguments: Array(Self.base.dropLast(2)) + ["--config", file.path, "--from", "+3"], exit: .usage,
      error:
        "posttim-report: error: --to (+1: 2026-12-01) is before --from (+3: 2026-12-03); to is set in \(file.path):1")
  }
}
