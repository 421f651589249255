import Foundation
import TestSupport
import Testing

/// `--group-by week` starts each week on the day the locale's `fw` keyword
/// names (`-u-fw-mon`), over its region's first weekday, as it does for a
/// region override (`-u-rg-gbzzzz`). 2026-11-29 is a Sunday, 2026-11-28 a
/// Saturday and 2026-11-30 a Monday.
@Suite("First weekday keyword in week grouping")
struct FirstWeekdayGroupingTests {
  static let window = [
    "--config", "/dev/null", "--now", "2026-11-30T14:00:00Z", "-z", "America/Toronto", "--group-by", "week",
    "--days", "10",
  ]

  @Test(
    "week sections start on the day fw names (JSON section dates and titles)",
    arguments: [
      ("en-US-u-fw-mon", ["2026-11-30", "2026-12-07"], "Week of Monday, November 30, 2026"),
      ("en-US", ["2026-11-29", "2026-12-06"], "Week of Sunday, November 29, 2026"),
      ("en-US-u-rg-gbzzzz", ["2026-11-30", "2026-12-07"], "Week of Monday, November 30, 2026"),
      ("en-GB-u-fw-sun", ["2026-11-29", "2026-12-06"], "Week of Sunday, 29 November 2026"),
      ("de-DE-u-fw-sat", ["2026-11-28", "2026-12-05"], "Woche vom Samstag, 28. November 2026"),
      ("ar-EG-u-fw-mon-nu-latn", ["2026-11-30", "2026-12-07"], nil),
    ])
  func sections(locale: String, starts: [String], firstTitle: String?) throws {
    let run = expectRun(arguments: [TestPaths.example.path, "-l", locale, "-f", "json"] + Self.window, exit: .success)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let weeks = try #require(report["sections"] as? [[String: Any]]).filter { $0["kind"] as? String == "week" }
    #expect(weeks.compactMap { $0["date"] as? String } == starts)
    if let firstTitle { #expect(weeks.first?["title"] as? String == firstTitle) }
  }

  @Test("the text report's week heading names the day fw names")
  func textHeading() {
    let run = expectRun(
      arguments: [TestPaths.example.path, "-l", "en-US-u-fw-mon", "-f", "text"] + Self.window, exit: .success)
    let headings = run.stdout.split(separator: "\n").filter { $0.hasPrefix("Week of") }
    #expect(headings == ["Week of Monday, November 30, 2026", "Week of Monday, December 7, 2026"])
  }
}
