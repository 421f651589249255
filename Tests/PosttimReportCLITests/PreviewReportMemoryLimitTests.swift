import Foundation
import Testing
import TestSupport

/// `preview --report` reads its list through the plain run's memory check:
/// under a limit too low for the list and the agendas it builds, it is
/// refused before the list is read (71 naming the list), never ended by a
/// failed allocation (a 60,000-task list under `ulimit -v 120000` aborted).
@Suite(
  "preview --report under a memory limit", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct PreviewReportMemoryLimitTests {
  @Test("60,000 tasks under ulimit -v 120000 and 150000: 71 naming the list, old output kept; 400000: the preview")
  func refusedUpFrontThenPreviewed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "t60k.plist")
    let output = folder.appending(path: "day.txt")
    try StaleTemporaryFileTests.bigList(60_000).write(to: input, atomically: false, encoding: .utf8)
    try "the old preview\n".write(to: output, atomically: false, encoding: .utf8)
    let arguments = [
      "preview", "--report", input.path, "--now", "2026-11-30T14:00:00Z", "-z", "America/Toronto", "-l",
      "fr_CA,ar_EG,ja_JP", "-o", output.path,
    ]
    for limit in [120_000, 150_000] {
      let result = try MemoryAndThreadLimitTests.run(MemoryAndThreadLimitTests.limited("-v \(limit)", arguments))
      #expect(result.status == 71, "ulimit -v \(limit): \(result.stderr.prefix(300))")
      #expect(
        result.stderr.hasPrefix("posttim-report: error: not enough memory for the task lists: they need about "),
        "\(result.stderr.prefix(300))")
      let left = MemoryAndThreadLimitTests.leftText(result.stderr)
      #expect(
        result.stderr.contains(
          " MiB for '\(input.path)', and the limit of \(limit) KiB (ulimit -v) leaves \(left) MiB; raise the limit\n"),
        "\(result.stderr.prefix(300))")
      #expect(try String(contentsOf: output, encoding: .utf8) == "the old preview\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["day.txt", "t60k.plist"])
    }
    let result = try MemoryAndThreadLimitTests.run(MemoryAndThreadLimitTests.limited("-v 400000", arguments))
    #expect(result.status == 0, "\(result.stderr.prefix(300))")
    let preview = try String(contentsOf: output, encoding: .utf8)
    #expect(preview.hasPrefix("first agenda day of t60k.plist in America/Toronto at 2026-11-30T14:00:00Z\n"))
  }

  @Test("the list on a pipe under ulimit -v 150000: 71 naming standard input as it is read")
  func streamCheckedAsRead() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "t60k.plist")
    try StaleTemporaryFileTests.bigList(60_000).write(to: input, atomically: false, encoding: .utf8)
    let command = [
      "/bin/bash", "-c",
      "ulimit -v 150000 && cat \"$2\" | \"$1\" preview --report - --now 2026-11-30T14:00:00Z -l fr_CA,ar_EG,ja_JP",
      "sh", EndToEndTests.binary!.path, input.path,
    ]
    let result = try MemoryAndThreadLimitTests.run(command)
    #expect(result.status == 71, "\(result.stderr.prefix(300))")
    #expect(
      result.stderr.hasPrefix("posttim-report: error: <stdin>: not enough memory to read this task list: with "),
      "\(result.stderr.prefix(300))")
    #expect(result.stdout.isEmpty)
  }
}
