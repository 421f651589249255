import Foundation
import Testing
import TestSupport

/// `-` and a path to standard input's own file (`/dev/stdin`,
/// `/proc/self/fd/0`) name one input twice: every task was listed twice,
/// exit 0. Refused as any file given twice is.
@Suite(
  "Standard input named twice",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StandardInputNamedTwiceTests {
  @Test(
    "'-' with /dev/stdin or /proc/self/fd/0, in either order: 64 naming both",
    arguments: [
      ["-", "/dev/stdin"], ["/dev/stdin", "-"], ["-", "/proc/self/fd/0"],
    ])
  func namedTwice(_ inputs: [String]) throws {
    let result = try LimitedRun.run(
      "exec < '\(TestPaths.example.path)'", inputs + ["--now", "2026-11-30T14:00:00Z", "-z", "UTC"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("posttim-report: error: '\(inputs[1])' is the same file as '\(inputs[0])'\n"))
  }
}
