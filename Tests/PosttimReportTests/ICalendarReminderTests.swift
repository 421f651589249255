import Foundation
import PosttimReport
import Testing
import TestSupport

/// `--remind`: one VALARM per lead time on every event still to come
/// (RFC 5545 §3.6.6), its text from the report's catalog.
@Suite("iCalendar reminders (VALARM)")
struct ICalendarReminderTests {
  static func writer(_ reminders: String) throws -> ICalendarReportWriter {
    ICalendarReportWriter(.init(reminders: try ReminderLeadTime.list(reminders)), generatorVersion: "0.0.0-test")
  }

  @Test("a task to come gets one VALARM per lead time, in the order given, with the French reminder text")
  func french() throws {
    let fixture = try ReportFixture()
    let task = TaskEntry(
      title: "Remettre le TP #3", date: ReportFixture.now.addingTimeInterval(2 * 86_400), importance: 8)
    let text = try fixture.render(try Self.writer("1d,15m"), fixture.presenter.view(of: try fixture.agenda([task])))
    #expect(
      text.hasSuffix(
        """
        X-POSTTIM-IMPORTANCE:8\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-P1D\r
        DESCRIPTION:Rappel\u{00A0}: Remettre le TP #3\r
        END:VALARM\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-PT15M\r
        DESCRIPTION:Rappel\u{00A0}: Remettre le TP #3\r
        END:VALARM\r
        END:VEVENT\r
        END:VCALENDAR\r

        """))
  }

  @Test("the reminder text is the catalog's, escaped as TEXT; an untitled task is named as the report names it")
  func arabicAndUntitled() throws {
    let fixture = try ReportFixture(locale: "ar_EG", zone: "Africa/Cairo")
    let tasks = [
      TaskEntry(title: "اجتماع; غداً", date: ReportFixture.now.addingTimeInterval(3600), importance: 5),
      TaskEntry(title: "", date: ReportFixture.now.addingTimeInterval(7200), importance: 5),
    ]
    let text = try fixture.render(try Self.writer("PT30M"), fixture.presenter.view(of: try fixture.agenda(tasks)))
    let descriptions = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("DESCRIPTION:") }
    #expect(descriptions == ["DESCRIPTION:تذكير: اجتماع\\; غداً", "DESCRIPTION:تذكير: (بلا عنوان)"])
  }

  @Test("a reminder whose time has passed at the report's now is left out, the others kept")
  func staleReminder() throws {
    let fixture = try ReportFixture()
    let task = TaskEntry(title: "bientôt", date: ReportFixture.now.addingTimeInterval(5400), importance: 5)
    let text = try fixture.render(try Self.writer("1d,15m,90m"), fixture.presenter.view(of: try fixture.agenda([task])))
    #expect(text.components(separatedBy: "\r\n").filter { $0.hasPrefix("TRIGGER:") } == ["TRIGGER:-PT15M"])
  }

  @Test("a task already past at the report's now (an overdue one) gets no alarm; without --remind nothing changes")
  func pastAndNone() throws {
    let fixture = try ReportFixture()
    let past = TaskEntry(title: "passé", date: ReportFixture.now.addingTimeInterval(-60), importance: 5)
    let agenda = try fixture.agenda([past], options: AgendaOptions(now: ReportFixture.now, from: nil, to: nil))
    let view = fixture.presenter.view(of: agenda)
    let withReminders = try fixture.render(try Self.writer("15m"), view)
    #expect(withReminders.contains("SUMMARY:passé\r\n"))
    #expect(!withReminders.contains("VALARM"))
    #expect(withReminders == (try fixture.render(ICalendarReportWriter(generatorVersion: "0.0.0-test"), view)))
  }
}
