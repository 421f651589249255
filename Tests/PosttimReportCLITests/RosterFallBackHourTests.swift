import Foundation
import PosttimICU
import Testing
import TestSupport

@testable import PosttimReportCLI

/// On a fall-back day, a reader whose `at` falls in the repeated hour is
/// due from the first time the clocks show it, as cron and systemd run a
/// job then; the journal keeps the second from sending it again.
@Suite("Roster: a reader due in the repeated hour of a fall-back change")
struct RosterFallBackHourTests {
  // America/Toronto, 2026-11-01: 02:00 EDT (06:00Z) is 01:00 EST again.
  static let reader = """
    id,list,at,locale,time-zone,mail-to
    zoe,tasks.plist,01:30,fr_CA,America/Toronto,zoe@example.org

    """
  let toronto = Result { try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto")) }

  /// The due check at `hour`:`minute` UTC on 2026-11-01.
  func due(_ hour: Int, _ minute: Int, at wall: String = "01:30") throws -> RosterDue {
    RosterDue(
      now: Date(timeIntervalSince1970: TimeInterval(1_793_491_200 + hour * 3600 + minute * 60)),
      calendar: try toronto.get(), at: try #require(RosterDue.wallTime(wall)))
  }

  @Test("01:30 is due from 01:30 EDT (05:30Z), and still at 01:00 EST (06:00Z)")
  func dueFromFirstOccurrence() throws {
    #expect(try !due(5, 29).isDue)
    let first = try due(5, 30)
    #expect(first.isDue && first.localDate.iso8601 == "2026-11-01")
    let between = try due(6, 0)
    #expect(between.isDue && between.localDate.iso8601 == "2026-11-01" && between.madeAt == nil)
    #expect(try due(6, 30).isDue)
  }

  @Test("a reader at 02:30, after the repeated hour, waits for 02:30 EST")
  func afterTheRepeatedHour() throws {
    #expect(try !due(6, 59, at: "02:30").isDue)
    #expect(try due(7, 30, at: "02:30").isDue)
  }

  @Test("runs at 05:30Z, 06:00Z and 06:30Z: one mail, sent at the first")
  func sentOnce() throws {
    let fixture = try RosterFixture(Self.reader)
    defer { fixture.remove() }
    let (_, early) = fixture.send(at: "2026-11-01T05:29:00Z")
    #expect(early.stdout.hasPrefix("zoe: not due until 01:30 (America/Toronto)\n"))
    let (status, first) = fixture.send(at: "2026-11-01T05:30:00Z")
    #expect(status == .success)
    #expect(
      first.stdout.hasPrefix("zoe: sent \(fixture.messageID("zoe", "20261101")) (2026-11-01, 01:30 America/Toronto)\n"))
    for now in ["2026-11-01T06:00:00Z", "2026-11-01T06:30:00Z"] {
      let (_, again) = fixture.send(at: now)
      #expect(again.stdout.hasPrefix("zoe: already sent at "), "\(now): \(again.stdout)")
    }
    #expect(fixture.messages.map { header("Date", in: $0) } == ["Sun, 01 Nov 2026 01:30:00 -0400"])
  }

  @Test("hourly runs: the 06:00Z run (01:00 EST, after 01:30 EDT) sends the mail")
  func hourlyRuns() throws {
    let fixture = try RosterFixture(Self.reader)
    defer { fixture.remove() }
    for now in ["2026-11-01T05:00:00Z", "2026-11-01T06:00:00Z", "2026-11-01T07:00:00Z"] {
      _ = fixture.send(at: now)
    }
    #expect(fixture.messages.map { header("Date", in: $0) } == ["Sun, 01 Nov 2026 01:00:00 -0500"])
  }
}
