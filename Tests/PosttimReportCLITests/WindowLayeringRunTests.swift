import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `from` is layered on its own: a first day given above (the command line
/// over the config file, a roster cell over both) keeps the window's end
/// given below (`days` or `to`).
@Suite("Window options layered one by one, in a run and a roster")
struct WindowLayeringRunTests {
  @Test("config days = 2 with --from tomorrow: tomorrow and the day after")
  func configDaysWithCommandLineFrom() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config")
    try "days = 2\n".write(to: config, atomically: true, encoding: .utf8)
    let arguments =
      EveningWindowTests.run("en_US", "America/Toronto", now: "2026-12-01T12:00:00Z", ["--from", "tomorrow"])
      + ["--config", config.path]
    #expect(
      EveningWindowTests.subject(arguments)
        == "Agenda for Wednesday, December 2\u{2009}–\u{2009}Thursday, December 3, 2026")
  }

  @Test("a from = tomorrow cell with --days 2: tomorrow and the day after, not every later task")
  func rosterFromCellWithDays() throws {
    let fixture = try RosterFixture(
      """
      id,list,at,locale,time-zone,mail-to,from
      zoe,tasks.plist,06:00,en_US,America/Toronto,zoe@example.org,tomorrow

      """)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z", ["--days", "2"])
    #expect(status == .success, "\(run.stderr)")
    let message = try #require(fixture.messages.first)
    #expect(
      message.contains(
        "\r\nSubject: Agenda for Wednesday, December\r\n =?UTF-8?B?MuKAieKAk+KAiVRodXJzZGF5LA==?= December 3, 2026\r\n")
    )
    let text = decodedText(message)
    #expect(text.contains("Tomorrow — Wednesday, December 2, 2026"))
    #expect(!text.contains("2027"))
  }
}
