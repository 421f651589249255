import Foundation
import Testing
import TestSupport

/// A control character in a skeleton or pattern option is refused up
/// front (64), naming the option, wherever the pattern would land (a day
/// title in the Subject, a row, a file): before, a CR in --day-pattern
/// was only caught as "Subject contains a carriage return".
@Suite("Control characters in patterns", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct PatternControlCharacterTests {
  @Test(
    "a control character in a pattern or skeleton option is refused naming the option",
    arguments: [
      ("day-pattern", "'\r\nBcc: x@y.org' yyyy", "-f email --mail-to a@b.org", "a carriage return (CR)"),
      ("pattern", "yyyy\nMM", "-f markdown", "a line feed (LF)"),
      ("skeleton", "yMd\u{1B}[31m", "-f markdown", "a control character U+001B"),
      ("day-skeleton", "yMMMd\t", "-f html", "a control character U+0009"),
    ])
  func refused(option: String, value: String, format: String, name: String) throws {
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -l fr_CA \(format) --\(option) \"$VALUE\"",
      environment: ["VALUE": value])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "posttim-report: error: option '--\(option)' contains \(name); a date pattern or skeleton holds no control character\n"
      ),
      "\(result.stderr)")
  }

  @Test("a control character in a config file's pattern names the file, line and key")
  func refusedInConfig() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config").path
    try "day-pattern = yyyy\u{1B}MM\n".write(toFile: config, atomically: false, encoding: .utf8)
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -l fr_CA --config \"$CONFIG\"",
      environment: ["CONFIG": config])
    #expect(result.status != 0)
    #expect(result.stderr.contains("\(config):1"), "\(result.stderr)")
    #expect(result.stderr.contains("'--day-pattern' contains a control character U+001B"), "\(result.stderr)")
  }
}
