import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

/// A `--config` file that does not exist is exit 78 (the run would
/// otherwise go on without the settings it was meant to have), and the
/// exit tables say so: usage.md's, and the one of `--help` and the man page.
@Suite("A missing --config file in the exit tables")
struct MissingConfigExitDocumentationTests {
  @Test("usage.md's 78 row names a --config file that does not exist")
  func usageTable() throws {
    let text = try String(contentsOf: TestPaths.packageRoot.appending(path: "docs/usage.md"), encoding: .utf8)
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| 78 |") })
    #expect(row.contains("a `--config` file that does not exist (`config file not found`"))
  }

  @Test("the help's and man page's 78 names a --config file that does not exist")
  func helpTable() throws {
    let meaning = try #require(ExitStatusDocumentation.entries.first { $0.code == .configuration }?.meaning)
    #expect(meaning.contains("; a --config file that does not exist;"))
  }
}
