import FoundationEssentials
import PosttimICU

/// What goes into an agenda and how it is grouped.
public struct AgendaOptions: Sendable {
  /// How tasks are grouped into sections.
  public enum Grouping: String, Sendable, CaseIterable {
    /// One section per local day.
    case day
    /// One section per week, starting on the locale's first weekday.
    case week
  }

  /// "Now": decides today, yesterday, tomorrow and what is overdue.
  public var now: Date
  /// First local day shown (inclusive). nil shows everything before today
  /// in one ``AgendaSection/Kind/overdue`` section; with a day, every day
  /// of the window (past ones too) is its own day or week section.
  public var from: LocalDay?
  /// Last local day shown (inclusive); nil for no end.
  public var to: LocalDay?
  /// Tasks below this importance (1…9) are left out.
  public var minimumImportance: Int
  /// By day or by week (`--group-by`).
  public var grouping: Grouping
  /// How many days back the overdue section reaches: only tasks of the
  /// last N days before today (0 leaves the section out); nil keeps every
  /// overdue task. Applies only where there is an overdue section (`from`
  /// nil); an explicit `from` shows its days whatever this says.
  public var overdueDays: Int?
  /// Whether the report shows task IDs (HTML anchors, iCalendar UIDs, JSON
  /// `id`s): the agenda then hashes each task as it filters the list
  /// (``AgendaSection/taskIDHashes``). Only speed depends on it.
  package var hashesTaskIDs = false

  /// The window and filters of one report; see each property.
  public init(
    now: Date, from: LocalDay? = nil, to: LocalDay? = nil, minimumImportance: Int = 1,
    grouping: Grouping = .day, overdueDays: Int? = nil
  ) {
    self.now = now
    self.from = from
    self.to = to
    self.minimumImportance = minimumImportance
    self.grouping = grouping
    self.overdueDays = overdueDays
  }
}
