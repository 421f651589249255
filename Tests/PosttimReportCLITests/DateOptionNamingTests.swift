import Foundation
import Testing
import TestSupport

/// A date-time option's bad value is named with the option (a cron line's
/// `--now "$(…)"` shows only the text), and "expected …" says what that
/// option accepts: `--now` needs an offset, preview's takes a wall time.
@Suite("Date options: a bad value names the option")
struct DateOptionNamingTests {
  let example = TestPaths.example.path

  @Test(
    "report --now: 64 naming --now, the text and the reason",
    arguments: [
      ("2026-11-30T24:00:00Z", "--now: invalid date \"2026-11-30T24:00:00Z\": time out of range"),
      ("2026-02-30T10:00:00Z", "--now: invalid date \"2026-02-30T10:00:00Z\": no such calendar date"),
      (
        "garbage",
        "--now: invalid date \"garbage\": expected a date-time with an offset, YYYY-MM-DDThh:mm[:ss] and Z or ±hh:mm"
      ),
    ])
  func reportNow(text: String, message: String) {
    expectRun(
      arguments: [example, "-z", "UTC", "--now", text], exit: .usage, error: "posttim-report: error: " + message)
  }

  @Test("preview --now: 64 naming --now; a bare date is accepted there, so the shape says so")
  func previewNow() {
    expectRun(
      arguments: ["preview", "-l", "fr_CA", "-z", "UTC", "--now", "2026-11-30T24:00:00Z"], exit: .usage,
      error: "posttim-report: error: --now: invalid date \"2026-11-30T24:00:00Z\": time out of range")
    expectRun(
      arguments: ["preview", "-l", "fr_CA", "-z", "UTC", "--now", "garbage"], exit: .usage,
      error: "posttim-report: error: --now: invalid date \"garbage\": expected YYYY-MM-DD, optionally followed by "
        + "Thh:mm[:ss] and Z or ±hh:mm")
  }

  @Test("preview's --date, the alias of --now: the messages name --date as written")
  func previewDateAlias() {
    let base = ["preview", "-l", "fr_CA", "-z", "UTC"]
    expectRun(
      arguments: base + ["--now", "2026-11-30T10:00:00Z", "--date", "2026-11-31"], exit: .usage,
      error: "posttim-report: error: --date: invalid date \"2026-11-31\": no such calendar date")
    expectRun(
      arguments: base + ["--date"], exit: .usage, error: "posttim-report: error: option '--date' needs a value")
    expectRun(
      arguments: base + ["--report", example, "--now", "2026-11-30T10:00:00Z", "--date", "2026-11-30T11:00:00Z"],
      exit: .usage, error: "posttim-report: error: preview --report takes one --date")
  }

  @Test("--from with a date-time or a malformed date: 'expected YYYY-MM-DD', no time offered")
  func fromShape() {
    expectRun(
      arguments: [example, "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "--from", "2026-1-5"], exit: .usage,
      error: "posttim-report: error: --from: '2026-1-5' is not a day: expected YYYY-MM-DD")
    expectRun(
      arguments: [example, "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "--to", "2026-12-01T24:00"], exit: .usage,
      error: "posttim-report: error: --to: '2026-12-01T24:00' is not a day: a day is a date without a time (YYYY-MM-DD)"
    )
  }
}
