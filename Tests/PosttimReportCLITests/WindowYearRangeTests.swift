import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Today and the window's days end at 9999-12-31, the last ISO 8601 date
/// with four digits: a `--now` before it in UTC can be the next day in a
/// zone east of UTC, or a window can reach past it.
@Suite("CLI: the window's days end at 9999-12-31")
struct WindowYearRangeTests {
  static let list = TestPaths.example.path

  @Test(
    "a today or a window day past 9999-12-31 is refused naming the day and the zone",
    arguments: [
      (
        ["--now", "9999-12-31T23:59:59Z", "-z", "Pacific/Kiritimati", "-f", "json"],
        "10000-01-01 in Pacific/Kiritimati"
      ),
      (["--now", "9999-12-30T12:00:00Z", "-z", "UTC", "-f", "csv", "--to", "+5"], "10000-01-04 in UTC"),
    ])
  func outsideYears(arguments: [String], named: String) {
    let run = expectRun(
      arguments: [Self.list, "--config", "/dev/null", "-l", "en_US"] + arguments, exit: .usage,
      error: "posttim-report: error: --now/--from/--to: \(named) is past 9999-12-31, the last day a report shows")
    #expect(run.stdout.isEmpty)
  }

  @Test("the last day of year 9999 in the zone is still shown")
  func lastDay() {
    let run = expectRun(
      arguments: [
        Self.list, "--config", "/dev/null", "-l", "en_US", "--now", "9999-12-31T09:00:00Z", "-z", "Pacific/Kiritimati",
        "-f", "json",
      ],
      exit: .success)
    #expect(run.stdout.contains(#""today": "9999-12-31""#))
  }
}
