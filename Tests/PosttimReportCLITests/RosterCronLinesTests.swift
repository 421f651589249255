import Foundation
import Testing
import TestSupport

/// roster.md's crontab lines are meant to be copied: each is quiet when
/// all is well (cron mails any output), and the GNU parallel one names its
/// state folder (parallel sets `HOME=/tmp` when none is set).
@Suite("Roster: the documented cron lines")
struct RosterCronLinesTests {
  static func cronLines() throws -> [Substring] {
    let text = try String(contentsOf: TestPaths.packageRoot.appending(path: "docs/roster.md"), encoding: .utf8)
    return text.split(separator: "\n").filter { $0.hasPrefix("0 * * * * ") }
  }

  @Test("every crontab line of roster.md gives --quiet")
  func quiet() throws {
    let lines = try Self.cronLines()
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.contains(" --quiet") }, "\(lines)")
  }

  @Test("the GNU parallel line names --state")
  func parallelState() throws {
    let line = try #require(try Self.cronLines().first { $0.contains("parallel") })
    #expect(line.contains(" --state /"))
  }
}
