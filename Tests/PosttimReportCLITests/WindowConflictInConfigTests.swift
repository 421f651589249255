import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `from` and `to` (or `to` and `days`) that cannot go together are the
/// config file's fault when both are written there: 78 naming the file and
/// the later line, as a bad value there is. With one of them on the command
/// line the run is a usage error that says where the other was set.
@Suite("Window settings that clash in the config file")
struct WindowConflictInConfigTests {
  let example = TestPaths.example.path

  func config(_ text: String, in folder: URL) throws -> URL {
    let file = folder.appending(path: "report.conf")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test("to before from, both in the config file: 78 naming the file and the later line")
  func toBeforeFrom() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try config("to = 2026-12-01\nlocale = fr_CA\nfrom = 2026-12-05\n", in: folder)
    expectRun(
      arguments: [example, "--config", file.path], exit: .configuration,
      stderr: ["posttim-report: error: \(file.path):3: --to (2026-12-01) is before --from (2026-12-05)"])
  }

  @Test("to and days, both in the config file: 78 naming the file and the later line")
  func toAndDays() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try config("days = 3\nto = 2026-12-01\n", in: folder)
    expectRun(
      arguments: [example, "--config", file.path], exit: .configuration,
      stderr: ["posttim-report: error: \(file.path):2: use --to or --days, not both"])
  }

  @Test("--from on the command line past the config file's to: 64 saying where to is set")
  func mixed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try config("\nto = 2026-12-01\n", in: folder)
    expectRun(
      arguments: [example, "--config", file.path, "--from", "2026-12-05"], exit: .usage,
      error: "posttim-report: error: --to (2026-12-01) is before --from (2026-12-05); to is set in \(file.path):2")
  }
}
