import Foundation
import Testing
import TestSupport

/// The examples of the README and of docs/usage.md are the tool's real output, byte for byte.
@Suite("Documented examples")
struct ReadmeExampleTests {
  let readme = (try? String(contentsOf: TestPaths.packageRoot.appending(path: "README.md"), encoding: .utf8)) ?? ""
  let usage =
    (try? String(contentsOf: TestPaths.packageRoot.appending(path: "docs/usage.md"), encoding: .utf8)) ?? ""

  @Test("the main example (up to the '…' where the README cuts it)")
  func mainExample() throws {
    let start = try #require(readme.range(of: "# Agenda\n"))
    let cut = try #require(
      readme.range(of: "## Demain — mardi 1 décembre 2026\n…", range: start.lowerBound..<readme.endIndex))
    let shown = String(readme[start.lowerBound..<cut.lowerBound])
    let run = expectRun(
      arguments: [
        TestPaths.example.path, "--locale", "fr_CA", "--time-zone", "America/Toronto", "--now",
        "2026-11-30T14:00:00Z", "--to", "2026-12-01",
      ], exit: .success)
    #expect(
      run.stdout.hasPrefix(shown), "\(firstDifference(String(run.stdout.prefix(shown.count)), shown, name: "README"))")
  }

  @Test("the preview example of docs/usage.md")
  func previewExample() throws {
    let start = try #require(usage.range(of: "skeleton yMMMdjm in America/Toronto"))
    let end = try #require(usage.range(of: "```", range: start.lowerBound..<usage.endIndex))
    let shown = String(usage[start.lowerBound..<end.lowerBound])
    let run = expectRun(
      arguments: [
        "preview", "-l", "ja_JP,ar_EG,en_US", "--skeleton", "yMMMdjm", "--date", "2026-11-30T14:00:00Z", "-z",
        "America/Toronto",
      ], exit: .success)
    #expect(run.stdout == shown)
  }

  @Test("the preview defaults example of docs/usage.md")
  func previewDefaultsExample() throws {
    let start = try #require(usage.range(of: "report defaults: time skeleton jm"))
    let end = try #require(usage.range(of: "```", range: start.lowerBound..<usage.endIndex))
    let arguments = ["preview", "-l", "fr_CA,he_IL", "--now", "2026-11-30T14:00:00Z", "-z", "America/Toronto"]
    let run = expectRun(arguments: arguments, exit: .success)
    #expect(run.stdout == String(usage[start.lowerBound..<end.lowerBound]))
  }
}
