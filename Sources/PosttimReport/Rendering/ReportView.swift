import FoundationEssentials
import PosttimICU

/// Everything a writer shows, already localized: the agenda as strings.
///
/// Writers never format dates or pick words themselves; they lay out these
/// values. Task rows are made lazily, as a writer iterates them, so a long
/// list is never held twice.
public struct ReportView: Sendable {
  /// The report's title ("Agenda").
  public let title: String
  /// The ICU locale ID ("fr_CA", "ja_JP@calendar=japanese").
  public let localeID: String
  /// BCP 47 tag for `lang` attributes ("fr-CA").
  public let languageTag: String
  /// The full BCP 47 tag, extensions kept ("ja-JP-u-ca-japanese"): what
  /// tells a run's locales apart (`-l ja_JP,ja-JP-u-ca-japanese` are two),
  /// for the IDs of a several-locale output and `{locale}` file names.
  public let localeTag: String
  /// "rtl" for right-to-left locales, else "ltr".
  public let direction: String
  /// The zone in use: its IANA time zone ID ("America/Toronto"), or ICU's
  /// custom ID ("GMT+09:00") or the POSIX rules given, for zones that have none.
  public let timeZoneID: String
  /// "Fuseau horaire : heure de l’Est (America/Toronto)".
  public let timeZoneLine: String
  /// "Produit par posttim-report 0.1.0 le 30 nov. 2026, 09 h 00".
  public let generatedLine: String
  /// The report's "now", ISO 8601 in UTC with seconds ("2026-11-30T14:00:00Z").
  public let nowISO: String
  /// Today's local calendar date in the report's zone, ISO 8601 ("2026-11-30").
  public let todayISO: String
  /// "22 tâches en tout".
  public let totalLine: String
  /// "Aucune tâche." (shown when there are no sections).
  public let emptyLine: String
  /// Localized column headers and labels.
  public let labels: ColumnLabels
  /// Tasks in all sections (≥ 0).
  public let taskCount: Int
  /// In display order: overdue first, then by day or week; empty when no task is shown.
  public let sections: [SectionView]
  /// The report's zone and today, for writers that describe the zone
  /// itself (the iCalendar VTIMEZONE).
  let calendar: DayCalendar
  let today: LocalDay
  /// The report's "now" (``nowISO``), for writers that compare instants.
  let now: Date
  /// The e-mail's own words (`--format email`).
  public let mail: MailWords
}

/// Localized headers and labels.
public struct ColumnLabels: Sendable, Equatable {
  /// "Heure": the time column.
  public let time: String
  /// "Tâche": the task column.
  public let task: String
  /// "Importance": the importance column (1…9).
  public let importance: String
  /// "Description": the description column.
  public let description: String
  /// "Jours": the HTML index of days.
  public let index: String
  /// "Détail des tâches": the HTML details part.
  public let details: String
  /// "Heure exacte".
  public let exactTime: String
  /// "Autres champs": keys the tool does not interpret.
  public let otherFields: String
}

/// One agenda section, localized.
public struct SectionView: Sendable {
  /// Stable HTML anchor: "overdue", "day-2026-11-30", "week-2026-11-30".
  public let id: String
  /// "overdue", "day" or "week".
  public let kind: String
  /// "En retard", "Aujourd’hui — lundi 30 novembre 2026", "Mardi 1 décembre 2026".
  public let title: String
  /// ISO date of the day or the week's first day; nil for overdue.
  public let dateISO: String?
  /// "3 tâches": the count with its plural form (CLDR plural rules).
  public let countLine: String
  /// ``countLine`` in parentheses as written after a heading, spacing
  /// included: " (3 tâches)", "（3件）" in Japanese and Chinese (the HTML index).
  public let countSuffix: String
  /// Tasks in the section (≥ 1).
  public let count: Int
  /// True for the first section from today on when the report has an
  /// overdue section: the HTML layout shows it before the overdue tasks, so
  /// today's tasks are on a phone's first screen however many are overdue.
  public let precedesOverdue: Bool
  let rows: SectionRows

  /// The section's task rows, made as they are read.
  public var tasks: LazyMapSequence<EnumeratedSequence<[TaskEntry]>, TaskView> {
    let rows = rows
    return rows.entries.enumerated().lazy.map { TaskView(rows: rows, row: $0.offset) }
  }

  /// Row `row` (0 ≤ row < ``count``), made now.
  func task(at row: Int) -> TaskView { TaskView(rows: rows, row: row) }
}

/// What the rows of one section share, behind one reference: making a
/// row retains this object only. A row that held a copy of its task
/// retained the task's strings, and in a long report those are cold in the
/// cache (making the rows was a tenth of a 100k-task run).
final class SectionRows: Sendable {
  let entries: [TaskEntry]
  /// The section's position in the report.
  let index: Int
  let anchors: TaskAnchors
  let presenter: ReportPresenter
  /// Whether the rows show the date with the time (overdue and week sections).
  let spansDays: Bool

  init(entries: [TaskEntry], index: Int, anchors: TaskAnchors, presenter: ReportPresenter, spansDays: Bool) {
    self.entries = entries
    self.index = index
    self.anchors = anchors
    self.presenter = presenter
    self.spansDays = spansDays
  }
}

/// The task rows of several sections, in order, made as they are read.
/// A concrete iterator: through the generic lazy wrappers, every row paid
/// for a runtime metadata lookup, a tenth of a long report's rendering.
struct TaskRows: IteratorProtocol {
  let sections: [SectionView]
  private var section = 0
  private var row = 0

  init(_ sections: [SectionView]) { self.sections = sections }

  mutating func next() -> TaskView? {
    while section < sections.count {
      if row < sections[section].count {
        defer { row += 1 }
        return sections[section].task(at: row)
      }
      section += 1
      row = 0
    }
    return nil
  }
}

/// One task row, localized. Fields are computed when read, so a writer
/// that shows five of them (CSV) pays for five, and a long list is never
/// held in memory as strings.
public struct TaskView: Sendable {
  let rows: SectionRows
  let row: Int

  /// The task, borrowed from its section (no copy, so no retains).
  var task: TaskEntry {
    _read { yield rows.entries[row] }
  }
  var presenter: ReportPresenter { rows.presenter }
  var spansDays: Bool { rows.spansDays }

  /// Stable anchor derived from the task's content ("task-3f2a…"),
  /// unique in the report.
  public var id: String { rows.anchors.id(section: rows.index, row: row) }

  /// Time (or date and time in overdue/week sections) in the report's
  /// locale and zone. With a skeleton, a wall time that occurs twice (DST
  /// fall-back) carries its UTC offset when both occurrences would print the
  /// same text (no zone, a generic or location zone, or a specific name
  /// across a change of standard offset); a pattern is always used verbatim.
  public var when: String { presenter.when(task.date, spansDays: spansDays) }
  /// Date and time, whatever the section (CSV, detail views); a repeated
  /// wall time is told apart as in ``when``.
  public var dateTime: String { presenter.when(task.date, spansDays: true) }
  /// Date, time and UTC offset, for detail views: the date-time format
  /// followed by the localized GMT offset ("(UTC−04:00)"), or the format
  /// alone when it prints the offset or the daylight/standard zone name itself,
  /// unless that text is the same for both occurrences of a repeated wall time.
  public var exactWhen: String { presenter.exactWhen(task.date) }
  /// The title (`tache`) exactly as stored; may be empty.
  public var title: String { task.title }
  /// The title, or the localized "(untitled)" for one that shows nothing
  /// (``BlankTitle``: empty, or only spaces and invisible characters).
  public var displayTitle: String { BlankTitle.isBlank(task.title) ? presenter.untitled : task.title }
  /// 1 (least) … 9 (most), as stored.
  public var importance: Int { task.importance }
  /// Importance in the locale's digits.
  public var importanceText: String { presenter.importanceText(task.importance) }
  /// The description exactly as stored, line breaks kept (LF, CR LF or CR); "" when missing.
  public var details: String { task.details }
  /// Importance band, so a layout can colour it without comparing numbers.
  public var importanceLevel: ImportanceLevel { ImportanceLevel(task.importance) }
  /// `2026-11-30T14:00:00Z`.
  public var dateUTC: String { ISO8601.utcString(task.date) }
  /// `2026-11-30T09:00:00-05:00`.
  public var dateLocal: String {
    ISO8601.localString(task.date, offsetSeconds: presenter.calendar.utcOffset(at: task.date))
  }
  /// Keys the tool does not know, sorted by key, values as text.
  public var extraFields: [(key: String, value: String)] {
    task.extraFields.keys.sorted().map { ($0, task.extraFields[$0]!.text) }
  }
  /// Where the task was read: the input path and the entry (from 1).
  public var origin: TaskOrigin { task.origin }
  /// "Tiré de listeDesTaches.plist, entrée 3".
  public var sourceLine: String { presenter.sourceLine(task.origin) }
  /// "Rappel : Remettre le TP #3": what a calendar shows when one of the
  /// task's reminders fires (the catalog's `calendar.reminder`).
  public var reminderText: String { presenter.reminderText(displayTitle) }
}

/// Importance in three bands, for colour: 7…9 high, 4…6 medium, 1…3 low
/// (the app's scale is 1…9, 9 the most important).
public enum ImportanceLevel: String, Sendable {
  /// 7…9, 4…6 and 1…3.
  case high, medium, low

  /// Values outside 1…9 (a library caller's) fall into the nearest band.
  public init(_ importance: Int) {
    switch importance {
    case 7...: self = .high
    case 4...6: self = .medium
    default: self = .low
    }
  }
}
