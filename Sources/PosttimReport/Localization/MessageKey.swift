/// The keys of the report's own words, as used in `Templates/messages/*.json`.
/// Each catalog must define every key (a test checks it).
public enum MessageKey: String, CaseIterable, Sendable {
  /// The report's title ("Agenda").
  case reportTitle = "report.title"
  /// Argument `zone`: the time zone's localized name.
  case reportTimeZone = "report.timeZone"
  /// Arguments `generator` (name and version) and `date` (formatted now).
  case reportGenerated = "report.generated"
  /// The line shown when no task is in the window ("Aucune tâche.").
  case reportEmpty = "report.empty"
  /// Argument `count`: number of tasks in the report.
  case reportTotal = "report.total"
  /// The overdue section's heading ("En retard").
  case sectionOverdue = "section.overdue"
  /// Argument `date`: the week's first day, formatted.
  case sectionWeek = "section.week"
  /// Arguments `relative` ("Demain") and `date` (the full date).
  case sectionRelativeDay = "section.relativeDay"
  /// Argument `count`: number of tasks in the section.
  case sectionCount = "section.count"
  /// The time column's header.
  case columnTime = "column.time"
  /// The task column's header.
  case columnTask = "column.task"
  /// The importance column's header.
  case columnImportance = "column.importance"
  /// The description column's header.
  case columnDescription = "column.description"
  /// Argument `importance`: 1…9.
  case importanceValue = "importance.value"
  /// The placeholder for an empty title ("(sans titre)").
  case taskUntitled = "task.untitled"
  /// Heading of the HTML index of days.
  case indexTitle = "index.title"
  /// Heading of the HTML task details.
  case detailsTitle = "details.title"
  /// Label of a task's exact date, time and UTC offset.
  case detailsExactTime = "details.exactTime"
  /// Label of the keys the tool does not interpret.
  case detailsOtherFields = "details.otherFields"
  /// Arguments `file` (file name) and `entry` (from 1): where a task was read.
  case detailsSource = "details.source"
  /// Arguments `date` (the day shown, or the range of days, formatted),
  /// `from` and `to` (the first and last days shown) and `count` (tasks in
  /// the report); the shipped catalogs use only `date`.
  case mailSubject = "mail.subject"
  /// A note at the top of an e-mail whose HTML part is long enough for
  /// Gmail to clip it (about 102 KB): the plain-text part is complete.
  case mailClipped = "mail.clipped"
  /// Argument `file`: the calendar attachment's name. A note at the top of
  /// an e-mail that carries the window's tasks as a calendar.
  case mailCalendarAttached = "mail.calendarAttached"
  /// Argument `title`: the task's title. What a calendar shows when one
  /// of the task's reminders (VALARM) fires.
  case calendarReminder = "calendar.reminder"
}
