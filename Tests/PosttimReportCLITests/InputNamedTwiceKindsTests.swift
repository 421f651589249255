import Foundation
import Testing
import TestSupport

/// One input named twice is 64 whatever its spelling and kind: `-` and
/// `/dev/stdin` on a pipe (the second read was empty: 65), and the config
/// file read from standard input with `-` as the list (the list was empty).
@Suite(
  "One input named twice: pipes and the config file",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct InputNamedTwiceKindsTests {
  static let fixed = ["--now", "2026-11-30T14:00:00Z", "-z", "UTC"]

  @Test(
    "'-' with /dev/stdin or /proc/self/fd/0 on a pipe: 64 naming both",
    arguments: [["-", "/dev/stdin"], ["/dev/stdin", "-"], ["-", "/proc/self/fd/0"]])
  func pipeNamedTwice(_ inputs: [String]) throws {
    let list = try String(contentsOf: TestPaths.example, encoding: .utf8)
    let result = try LimitedRun.run(":", inputs + Self.fixed, stdin: list)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("posttim-report: error: '\(inputs[1])' is the same file as '\(inputs[0])'\n"))
  }

  @Test(
    "--config naming standard input with '-' as the list, from a file or a pipe: 64 before either is read",
    arguments: [("/dev/stdin", true), ("/proc/self/fd/0", false), ("/dev/stdin", false)])
  func configIsTheList(config: String, fromFile: Bool) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = folder.appending(path: "report.conf")
    try "locale = fr_CA\n".write(to: settings, atomically: true, encoding: .utf8)
    let setup = fromFile ? "exec < '\(settings.path)'" : ":"
    let result = try LimitedRun.run(
      setup, ["--config", config, "-"] + Self.fixed, stdin: fromFile ? "" : "locale = fr_CA\n")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("posttim-report: error: '-' is the same file as the config file '\(config)'\n"))
  }
}
