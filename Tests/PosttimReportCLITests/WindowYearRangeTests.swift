import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Today and the window's days stay in the years 1…9999, whose ISO 8601
/// dates have four digits: a `--now` inside them in UTC can be another
/// year's day in a zone far from UTC, or a window can reach past them.
@Suite("CLI: the window's days in the years 1…9999")
struct WindowYearRangeTests {
  static let list = TestPaths.example.path

  @Test(
    "a today or a window day outside the years 1…9999 is refused naming the day and the zone",
    arguments: [
      (
        ["--now", "9999-12-31T23:59:59Z", "-z", "Pacific/Kiritimati", "-f", "json"],
        "10000-01-01 in Pacific/Kiritimati"
      ),
      (["--now", "0001-01-01T00:00:00Z", "-z", "Pacific/Niue", "-f", "csv"], "0000-12-31 in Pacific/Niue"),
      (["--now", "9999-12-30T12:00:00Z", "-z", "UTC", "-f", "csv", "--to", "+5"], "10000-01-04 in UTC"),
    ])
  func outsideYears(arguments: [String], named: String) {
    let run = expectRun(
      arguments: [Self.list, "--config", "/dev/null", "-l", "en_US"] + arguments, exit: .usage,
      error: "posttim-report: error: --now/--from/--to: \(named) is outside the years 1…9999 a report shows")
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
