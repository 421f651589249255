import Foundation
import PosttimReport
import Testing

/// An iCalendar report without tasks holds the VTIMEZONE of its zone (RFC
/// 5545 §3.6 wants at least one component). The transitions were written by
/// hand from the tz rules: Toronto changes at 02:00 local on 8 March and
/// 1 November 2026; Lord Howe at 02:00 on 5 April (+11 → +10:30) and 4 October
/// (+10:30 → +11); Kathmandu has been +05:45 since 1986. The offset in force
/// on 1 January opens the year.
@Suite("iCalendar VTIMEZONE for an empty calendar")
struct ICalendarTimeZoneTests {
  static let writer = ICalendarReportWriter(generatorVersion: "0.0.0-test")

  func emptyCalendar(_ zone: String) throws -> String {
    let fixture = try ReportFixture(zone: zone)
    return try fixture.render(Self.writer, fixture.presenter.view(of: try fixture.agenda([])))
  }

  static let head = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Post'TIM//posttim-report 0.0.0-test//EN\r
    CALSCALE:GREGORIAN\r
    METHOD:PUBLISH\r
    X-WR-CALNAME:Agenda\r

    """

  @Test(
    "one VTIMEZONE, observances from the zone data",
    arguments: [
      (
        "America/Toronto",
        [
          "BEGIN:STANDARD", "DTSTART:20260101T000000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0500", "END:STANDARD",
          "BEGIN:DAYLIGHT", "DTSTART:20260308T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT",
          "BEGIN:STANDARD", "DTSTART:20261101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
        ]
      ),
      (
        "Australia/Lord_Howe",
        [
          "BEGIN:DAYLIGHT", "DTSTART:20260101T000000", "TZOFFSETFROM:+1100", "TZOFFSETTO:+1100", "END:DAYLIGHT",
          "BEGIN:STANDARD", "DTSTART:20260405T020000", "TZOFFSETFROM:+1100", "TZOFFSETTO:+1030", "END:STANDARD",
          "BEGIN:DAYLIGHT", "DTSTART:20261004T020000", "TZOFFSETFROM:+1030", "TZOFFSETTO:+1100", "END:DAYLIGHT",
        ]
      ),
      (
        "Asia/Kathmandu",
        ["BEGIN:STANDARD", "DTSTART:20260101T000000", "TZOFFSETFROM:+0545", "TZOFFSETTO:+0545", "END:STANDARD"]
      ),
      ("UTC", ["BEGIN:STANDARD", "DTSTART:20260101T000000", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "END:STANDARD"]),
    ])
  func vtimezone(zone: String, observances: [String]) throws {
    let lines = ["BEGIN:VTIMEZONE", "TZID:\(zone)"] + observances + ["END:VTIMEZONE", "END:VCALENDAR", ""]
    #expect(try emptyCalendar(zone) == Self.head + lines.joined(separator: "\r\n"))
  }

  @Test("a calendar with tasks has no VTIMEZONE: every value is UTC")
  func notWithTasks() throws {
    let fixture = try ReportFixture()
    let task = TaskEntry(title: "t", date: ReportFixture.now, importance: 5)
    let text = try fixture.render(Self.writer, fixture.presenter.view(of: try fixture.agenda([task])))
    #expect(!text.contains("VTIMEZONE"))
  }
}
