import FoundationEssentials
import PosttimTemplating

/// iCalendar (RFC 5545): one VCALENDAR, one VEVENT per task, in agenda
/// order, streamed event by event.
///
///     BEGIN:VCALENDAR
///     VERSION:2.0
///     PRODID:-//Post'TIM//posttim-report 0.1.0//EN
///     CALSCALE:GREGORIAN
///     METHOD:PUBLISH
///     X-WR-CALNAME:Agenda
///     BEGIN:VEVENT
///     UID:task-0655a7cf3492e4cd@posttim-report
///     DTSTAMP:20261130T140000Z
///     DTSTART:20261130T130000Z
///     SUMMARY:Remettre le TP #3 — Post'TIM
///     DESCRIPTION:Déposer l'archive .zip sur le portail.\nVérifier que le proje
///      t compile sans avertissement.
///     PRIORITY:2
///     X-POSTTIM-IMPORTANCE:8
///     BEGIN:VALARM
///     ACTION:DISPLAY
///     TRIGGER:-PT15M
///     DESCRIPTION:Rappel : Remettre le TP #3 — Post'TIM
///     END:VALARM
///     END:VEVENT
///     END:VCALENDAR
///
/// - `UID`: the task's content ID (``TaskView/id``) + `@posttim-report`,
///   the same on every run, so a subscribed calendar updates its events
///   instead of duplicating them; identical twins get `-2`, `-3`….
/// - `DTSTAMP`: the report's "now"; `DTSTART`: the due instant. Both are
///   UTC DATE-TIME values (`YYYYMMDDTHHMMSSZ`), so no VTIMEZONE is needed.
///   An event without DTEND or DURATION lasts no time (§3.6.1).
/// - `SUMMARY`: the title, or for an empty one the catalog's placeholder
///   ("(sans titre)"), as every other format shows it: a calendar lists an
///   event by its summary, and an empty one is a blank line there;
///   `DESCRIPTION`: the description, left out when empty. Both are TEXT,
///   escaped per §3.3.11.
/// - `PRIORITY`: `10 − importance` (importance 9 → 1, the highest; 1 → 9),
///   per §3.8.1.9; `X-POSTTIM-IMPORTANCE` keeps the app's own 1…9.
/// - One `VALARM` per ``Options/reminders`` lead time (§3.6.6:
///   `ACTION:DISPLAY`, a `TRIGGER` before the start, the localized
///   ``TaskView/reminderText``) on every event, but for the reminders
///   whose time has passed at the report's "now" (all of them on a task
///   already past): those would only pop up, stale, on import.
/// - No `SEQUENCE` or `LAST-MODIFIED`: the UID is derived from the very
///   properties that could change (date, title, importance, description),
///   so an event never changes under its UID; what may (its alarms) is
///   settled by `DTSTAMP`, as RFC 5546 §2.1.5 says for equal sequence
///   numbers. A calendar that imports Tuesday's file after Monday's
///   updates the events they share instead of adding copies.
///
/// Lines end with CRLF and are folded at 75 octets (``ICalendarText``).
/// Tasks dated outside the years 0001…9999 (``isExpressible(_:)``) have
/// no event. With no event the calendar holds the VTIMEZONE of the report's zone for
/// the year of "now" (``ICalendarTimeZone``), since RFC 5545 §3.6 requires
/// at least one component; with tasks none is needed, as every value is UTC.
public struct ICalendarReportWriter: ReportWriter {
  /// The iCalendar writer's own options.
  public struct Options: Sendable {
    /// How long before each task its reminders fire (`--remind`).
    public var reminders: [ReminderLeadTime]
    /// Whether the overdue section's tasks become events. The calendar a
    /// mail carries leaves them out: they are past, and a calendar that
    /// took an earlier mail's part has them already, under the same UID.
    public var includesOverdue: Bool

    /// Every task an event, with one VALARM per lead time in `reminders`.
    public init(reminders: [ReminderLeadTime] = [], includesOverdue: Bool = true) {
      self.reminders = reminders
      self.includesOverdue = includesOverdue
    }
  }

  public let format = "ics"
  /// The right-hand side of every UID.
  public static let uidDomain = "posttim-report"
  /// The PRODID value (§3.7.3), a formal public identifier.
  public let productID: String
  /// What the calendar holds.
  public let options: Options

  /// - Parameter generatorVersion: the version in PRODID; tests pin it.
  public init(_ options: Options = Options(), generatorVersion: String = PosttimReportVersion.current) {
    productID = "-//Post'TIM//posttim-report \(generatorVersion)//EN"
    self.options = options
  }

  /// The writer for a run's ``Options`` (the defaults when it has none).
  public init(options: WriterOptions) {
    self.init(options[Options.self] ?? Options())
  }

  /// The UID of a task's event: `<id>@posttim-report`.
  public static func uid(for task: TaskView) -> String { task.id + "@" + uidDomain }

  /// PRIORITY (RFC 5545 §3.8.1.9: 1 highest … 9 lowest) for an
  /// importance of 1 (least) … 9 (most): `10 − importance`.
  public static func priority(forImportance importance: Int) -> Int { 10 - importance }

  /// Whether an ISO 8601 UTC date fits RFC 5545's DATE-TIME (§3.3.5):
  /// a four-digit year 0001…9999. Year 0 (Foundation's `distantPast` is
  /// `0000-12-30T00:00:00Z`), years before it and years past 9999 do not,
  /// and consumers refuse them, so such tasks are left out of the calendar.
  public static func isExpressible(_ isoUTC: String) -> Bool {
    let year = isoUTC.prefix(5)
    return year.count == 5 && year.last == "-" && year.dropLast().allSatisfy({ $0.isASCII && $0.isNumber })
      && year != "0000-"
  }

  /// Streams the calendar; events are written a chunk of tasks at a time
  /// on every core, into byte buffers written in order.
  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) {
    var head = ICalendarLines()
    head.add("BEGIN", "VCALENDAR")
    head.add("VERSION", "2.0")
    head.add("PRODID", text: productID)
    head.add("CALSCALE", "GREGORIAN")
    head.add("METHOD", "PUBLISH")
    head.add("X-WR-CALNAME", text: report.title)
    head.buffer.write(to: &output)
    let sections = report.sections.filter { options.includesOverdue || $0.kind != "overdue" }
    let hasEvents = sections.contains { $0.tasks.contains { Self.isExpressible($0.dateUTC) } }
    let events = Events(
      stamp: ICalendarText.utcDateTime(fromISO: report.nowISO), reminders: options.reminders, now: report.now)
    var tasks = TaskRows(sections)
    ChunkedRendering.write(
      chunksOf: &tasks,
      { chunk in
        var lines = ICalendarLines(capacity: chunk.count * 320)
        for task in chunk { events.write(task, to: &lines) }
        return lines.buffer
      }, to: &output)
    var tail = ICalendarLines()
    if !hasEvents {
      for content in ICalendarTimeZone.lines(calendar: report.calendar, year: report.today.gregorian.year) {
        tail.add(line: content)
      }
    }
    tail.add("END", "VCALENDAR")
    tail.buffer.write(to: &output)
  }

  /// What every event shares, and how one is written.
  private struct Events: Sendable {
    /// DTSTAMP: the report's "now" as a UTC DATE-TIME.
    let stamp: String
    let reminders: [ReminderLeadTime]
    let now: Date

    /// `task`'s VEVENT, unless its date has no DATE-TIME (``isExpressible(_:)``).
    func write(_ task: TaskView, to lines: inout ICalendarLines) {
      let dateUTC = task.dateUTC
      guard ICalendarReportWriter.isExpressible(dateUTC) else { return }
      lines.add("BEGIN", "VEVENT")
      lines.add("UID", text: ICalendarReportWriter.uid(for: task))
      lines.add("DTSTAMP", stamp)
      lines.add("DTSTART", dateTimeFromISO: dateUTC)
      lines.add("SUMMARY", text: task.displayTitle)
      let details = task.details
      if !details.isEmpty { lines.add("DESCRIPTION", text: details) }
      lines.add("PRIORITY", String(ICalendarReportWriter.priority(forImportance: task.importance)))
      lines.add("X-POSTTIM-IMPORTANCE", String(task.importance))
      if !reminders.isEmpty {
        // A reminder whose time has passed at "now" would only pop up, stale, on import.
        let start = task.task.date
        let due = reminders.filter { start.addingTimeInterval(-Double($0.seconds)) > now }
        if !due.isEmpty {
          let text = ICalendarText.escapedText(task.reminderText)
          for reminder in due {
            lines.add("BEGIN", "VALARM")
            lines.add("ACTION", "DISPLAY")
            lines.add("TRIGGER", reminder.trigger)
            lines.add("DESCRIPTION", text)
            lines.add("END", "VALARM")
          }
        }
      }
      lines.add("END", "VEVENT")
    }
  }
}
