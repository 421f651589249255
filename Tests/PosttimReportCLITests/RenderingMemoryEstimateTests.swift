import Foundation
import Testing
import TestSupport

/// The memory check counts rendering too: an e-mail (held whole, one part
/// per locale) needs far more than its lists. Under a limit that passed the
/// lists-only check, a 20,000-task, three-locale e-mail died with "failed to
/// allocate" (134) and left its temporary file; it is now refused up front.
@Suite(
  "Rendering memory estimate", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct RenderingMemoryEstimateTests {
  @Test("a three-locale e-mail of 20,000 tasks under ulimit -v 190000: 71 up front, old output kept, no temporary file")
  func emailInThreeLocales() throws {
    try Self.expectRefusedUpFront(list: StaleTemporaryFileTests.bigList(20_000), limits: [160_000, 190_000])
  }

  /// A three-locale e-mail of `list` (plus `options`) under each of `limits`
  /// (`ulimit -v`, KiB): 71 before the list is read, the old message kept,
  /// no temporary file.
  static func expectRefusedUpFront(list: String, options: [String] = [], limits: [Int]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "t20k.plist")
    let output = folder.appending(path: "em.eml")
    try list.write(to: input, atomically: false, encoding: .utf8)
    try "the old message\n".write(to: output, atomically: false, encoding: .utf8)
    let arguments =
      [
        input.path, "--now", "2026-11-30T14:00:00Z", "-z", "America/Toronto", "--from", "2000-01-01", "--to",
        "2100-01-01", "-l", "fr_CA,ar_EG,ja_JP", "-f", "email", "--mail-to", "a@b.org", "-o", output.path,
      ] + options
    for limit in limits {
      let result = try MemoryAndThreadLimitTests.run(MemoryAndThreadLimitTests.limited("-v \(limit)", arguments))
      #expect(result.status == 71, "ulimit -v \(limit): \(result.stderr.prefix(300))")
      #expect(
        result.stderr.hasPrefix("posttim-report: error: not enough memory for the task lists: they need about "),
        "\(result.stderr.prefix(300))")
      #expect(try String(contentsOf: output, encoding: .utf8) == "the old message\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["em.eml", "t20k.plist"])
    }
  }
}
