import Foundation
import TestSupport
import Testing

/// `--from +0000000001` was refused as "too far": the digits were counted,
/// not the days. Leading zeros pad a count, as in `+007`.
@Suite(
  "A day count padded with leading zeros",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct PaddedDayCountTests {
  @Test("--from +0000000001 is tomorrow; --to -0000000000 is today")
  func paddedCount() throws {
    let run = "\"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -f csv"
    let result = try GuardedShell.run(
      """
      a=$(\(run) --from +0000000001 --days 2) || exit 1; b=$(\(run) --from tomorrow --days 2) || exit 2
      [ "$a" = "$b" ] || exit 3
      c=$(\(run) --from yesterday --to -0000000000) || exit 4; d=$(\(run) --from yesterday --to today) || exit 5
      [ "$c" = "$d" ] || exit 6; [ -n "$a" ] && [ -n "$c" ] || exit 7
      """)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test("a padded count past 36600 days is too far, naming the value as given")
  func paddedCountTooFar() throws {
    let result = try GuardedShell.run("\"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC --from +00036601")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "posttim-report: error: --from: '+00036601' is too far: +N and -N count at most 36600 days\n"))
  }
}
