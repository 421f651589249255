import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// When the temporary file cannot be made or grown, the run says why, in
/// words, and leaves the previous output and the folder as they were.
@Suite("Temporary file failures", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct TemporaryFileFailureTests {
  @Test("under ulimit -f the write fails with EFBIG: exit 74, no temporary file, the old output kept")
  func fileSizeLimit() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "big.plist")
    try StaleTemporaryFileTests.bigList(2_000).write(to: input, atomically: false, encoding: .utf8)
    let output = folder.appending(path: "agenda.html")
    try "previous".write(to: output, atomically: false, encoding: .utf8)
    // 100 blocks: 51,200 bytes in dash, 102,400 in bash; the report is larger.
    let result = try GuardedShell.run(
      "ulimit -f 100; exec \"$BIN\" \"$INPUT\" -f html -o \"$OUTPUT\" --now 2026-11-30T14:00:00Z -z UTC",
      environment: ["INPUT": input.path, "OUTPUT": output.path])
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr == "posttim-report: error: \(output.path): write failed (File too large)\n")
    #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["big.plist", "agenda.html"])
  }
}
