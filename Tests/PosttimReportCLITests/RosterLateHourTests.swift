import Foundation
import PosttimICU
import PosttimReportCLI
import Testing
import TestSupport

@testable import PosttimReportCLI

/// A reader whose `at` is late in the evening is still due after local
/// midnight, until one hour after `at`: an hourly run at 00:00 sends the
/// 23:15 reader's mail of the day before, with that day's date, window,
/// Message-ID and journal key.
@Suite("Roster: a late `at` stays due for an hour past midnight")
struct RosterLateHourTests {
  static let lateReaders = """
    id,list,at,locale,time-zone,mail-to
    toronto,tasks.plist,23:15,en_US,America/Toronto,toronto@example.org
    utc,tasks.plist,23:59,en_US,UTC,utc@example.org
    kolkata,tasks.plist,23:45,en_US,Asia/Kolkata,kolkata@example.org

    """

  @Test("hourly runs for three days: one mail each local day, each dated its occurrence's day")
  func hourlyAcrossMidnight() throws {
    let fixture = try RosterFixture(Self.lateReaders)
    defer { fixture.remove() }
    for hour in 0..<72 {
      let now = ISO8601.utcString(Date(timeIntervalSince1970: 1_796_083_200 + TimeInterval(hour * 3600)))
      let (status, run) = fixture.send(at: now)
      #expect(status == .success, "\(now): \(run.stderr)")
    }
    let messages = fixture.messages
    func sent(_ id: String) -> [String] {
      messages.filter { header("To", in: $0) == "\(id)@example.org" }.map {
        "\(header("Message-ID", in: $0) ?? "") \(header("Date", in: $0) ?? "") | \(header("Subject", in: $0) ?? "")"
      }
    }
    #expect(
      sent("toronto") == [
        "\(fixture.messageID("toronto", "20261130")) Mon, 30 Nov 2026 23:15:00 -0500 | Agenda for Monday, November 30, 2026",
        "\(fixture.messageID("toronto", "20261201")) Tue, 01 Dec 2026 23:15:00 -0500 | Agenda for Tuesday, December 1, 2026",
        "\(fixture.messageID("toronto", "20261202")) Wed, 02 Dec 2026 23:15:00 -0500 | Agenda for Wednesday, December 2, 2026",
      ])
    #expect(
      sent("utc") == [
        "\(fixture.messageID("utc", "20261130")) Mon, 30 Nov 2026 23:59:00 +0000 | Agenda for Monday, November 30, 2026",
        "\(fixture.messageID("utc", "20261201")) Tue, 01 Dec 2026 23:59:00 +0000 | Agenda for Tuesday, December 1, 2026",
        "\(fixture.messageID("utc", "20261202")) Wed, 02 Dec 2026 23:59:00 +0000 | Agenda for Wednesday, December 2, 2026",
      ])
    #expect(
      sent("kolkata") == [
        "\(fixture.messageID("kolkata", "20261201")) Tue, 01 Dec 2026 23:45:00 +0530 | Agenda for Tuesday, December 1, 2026",
        "\(fixture.messageID("kolkata", "20261202")) Wed, 02 Dec 2026 23:45:00 +0530 | Agenda for Wednesday, December 2, 2026",
        "\(fixture.messageID("kolkata", "20261203")) Thu, 03 Dec 2026 23:45:00 +0530 | Agenda for Thursday, December 3, 2026",
      ])
    let journal = try String(contentsOfFile: fixture.state + "/roster.journal", encoding: .utf8)
    // The journal's first line names its roster; the records follow.
    let keys = journal.split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t").prefix(2).joined(separator: " ")
    }
    #expect(
      keys == [
        "utc 2026-11-30", "toronto 2026-11-30", "kolkata 2026-12-01", "utc 2026-12-01", "toronto 2026-12-01",
        "kolkata 2026-12-02", "utc 2026-12-02", "toronto 2026-12-02", "kolkata 2026-12-03",
      ])
  }

  @Test(
    "a 23:30 reader in Santiago across both DST changes (at local midnight): one mail each local day",
    arguments: [
      (
        // 2026-04-03T12:00:00Z; 00:00 on 5 April is 23:00 again: the 4th's first
        // 23:30 (-03) has passed at the 23:00 (-04) run, which sends it.
        1_775_217_600,
        [
          ("20260403", "Fri, 03 Apr 2026 23:30:00 -0300"), ("20260404", "Sat, 04 Apr 2026 23:00:00 -0400"),
          ("20260405", "Sun, 05 Apr 2026 23:30:00 -0400"),
        ]
      ),
      (
        1_788_523_200,  // 2026-09-04T12:00:00Z; 00:00 on 6 September is 01:00
        [
          ("20260904", "Fri, 04 Sep 2026 23:30:00 -0400"), ("20260905", "Sat, 05 Sep 2026 23:30:00 -0400"),
          ("20260906", "Sun, 06 Sep 2026 23:30:00 -0300"),
        ]
      ),
    ])
  func santiagoAcrossDST(start: Int, expected: [(String, String)]) throws {
    let fixture = try RosterFixture(
      """
      id,list,at,locale,time-zone,mail-to
      cami,tasks.plist,23:30,es_CL,America/Santiago,cami@example.org

      """)
    defer { fixture.remove() }
    for hour in 0..<72 {
      let (status, run) = fixture.send(
        at: ISO8601.utcString(Date(timeIntervalSince1970: TimeInterval(start + hour * 3600))))
      #expect(status == .success, "\(run.stderr)")
    }
    #expect(
      fixture.messages.map { "\(header("Message-ID", in: $0) ?? "") \(header("Date", in: $0) ?? "")" }
        == expected.map { "\(fixture.messageID("cami", $0.0)) \($0.1)" })
  }

  @Test("the day before's 23:15 is due until 00:15, then the reader waits for today's")
  func dueUntilAnHourAfter() throws {
    let toronto = try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto"))
    let at = try #require(RosterDue.wallTime("23:15"))
    // 2026-12-02T05:00:00Z is 00:00 in Toronto.
    let midnight = RosterDue(now: Date(timeIntervalSince1970: 1_796_187_600), calendar: toronto, at: at)
    #expect(midnight.isDue && midnight.localDate.iso8601 == "2026-12-01")
    #expect(midnight.madeAt == Date(timeIntervalSince1970: 1_796_187_600 - 45 * 60))
    let past = RosterDue(now: Date(timeIntervalSince1970: 1_796_187_600 + 15 * 60), calendar: toronto, at: at)
    #expect(!past.isDue && past.localDate.iso8601 == "2026-12-02" && past.madeAt == nil)
    // An early reader's day ends at midnight.
    let early = RosterDue(
      now: Date(timeIntervalSince1970: 1_796_187_600), calendar: toronto, at: try #require(RosterDue.wallTime("06:00")))
    #expect(!early.isDue && early.localDate.iso8601 == "2026-12-02")
  }
}
