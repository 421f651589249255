import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Without `--from` the agenda starts today (overdue tasks come before
/// it), so a `--to` before today ends the window before it starts: refused
/// as `--to` before `--from` is, wherever it is written, never an agenda
/// cut to a few overdue tasks with today's missing.
@Suite("A last day before today without a first day")
struct WindowEndBeforeTodayTests {
  let example = TestPaths.example.path
  let now = ["--now", "2026-11-30T14:00:00Z", "--time-zone", "UTC"]

  @Test("--to before today without --from: 64 naming the day and today", arguments: ["-5", "2026-11-01"])
  func commandLine(to: String) {
    let named = to == "-5" ? "-5: 2026-11-25" : "2026-11-01"
    expectRun(
      arguments: [example, "--to", to] + now, exit: .usage,
      error:
        "posttim-report: error: --to (\(named)) is before today (2026-11-30), where the agenda starts without --from")
  }

  @Test("--to today without --from is still today's agenda")
  func toToday() {
    expectRun(arguments: [example, "--to", "today"] + now, exit: .success)
  }

  @Test("to before today in the config file: 78 naming the file and line")
  func configFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "report.conf")
    try "locale = fr_CA\nto = 2026-11-01\n".write(to: file, atomically: true, encoding: .utf8)
    expectRun(
      arguments: [example, "--config", file.path] + now, exit: .configuration,
      stderr: [
        "posttim-report: error: \(file.path):2: --to (2026-11-01) is before today (2026-11-30), "
          + "where the agenda starts without --from"
      ])
  }

  @Test("a roster to cell before today without from: 65 naming the row, nothing written")
  func rosterCell() throws {
    let fixture = try RosterFixture(
      "id,list,time-zone,mail-to,to\nzoe,tasks.plist,UTC,zoe@example.org,2026-11-01\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: RosterRefusalMessagesTests.now)
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 2: --to (2026-11-01) is before today (2026-12-01), "
          + "where the agenda starts without --from"
      ])
    #expect(fixture.messages.isEmpty)
  }
}
