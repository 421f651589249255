import Foundation
import TestSupport
import Testing

/// Under `ulimit -f`, a report to standard output on a pipe fails though a
/// pipe has no file-size limit: its staging copy (a memfd) is held to it.
/// Nothing is printed, as before, and the message says so and names the
/// limit instead of blaming standard output ("File too large").
@Suite(
  "Staged standard output under a file-size limit",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StagedOutputFileSizeLimitTests {
  @Test("a report larger than ulimit -f: 74 naming the limit its staging copy is held to, nothing printed")
  func limitNamed() throws {
    // dash counts ulimit -f in 512-byte blocks: 1 is 512 bytes.
    let result = try LimitedRun.run(
      "ulimit -f 1",
      [
        TestPaths.example.path, "--now", "2026-11-01T00:00:00Z", "-z", "UTC", "-l", "en_CA", "--from", "1900-01-01",
        "-f", "csv",
      ])
    #expect(result.status == 74)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "posttim-report: error: <stdout>: write failed (the report (512 bytes so far) is larger than the "
        + "file-size limit (ulimit -f, 512 bytes) its staging copy is held to; nothing was printed: raise the limit)\n")
  }
}
