import FoundationEssentials
import PosttimICU

/// Tasks grouped into sections, in display order: an optional overdue
/// section first, then one section per local day (or week) with tasks.
///
/// Within a section tasks are ordered by instant, then importance (9
/// first), then title in the locale's collation order.
public struct Agenda: Sendable {
  /// "Today" in the report's zone, from ``AgendaOptions/now``.
  public let today: LocalDay
  /// The report's "now" (`--now`, or the clock), an instant.
  public let now: Date
  /// The sections in display order (overdue first).
  public let sections: [AgendaSection]
  /// The window's first day (``AgendaOptions/from``); nil for today with
  /// the overdue tasks before it.
  public internal(set) var from: LocalDay? = nil
  /// The window's last day (``AgendaOptions/to``); nil for no end.
  public internal(set) var to: LocalDay? = nil

  /// The days a reader is told the agenda shows: the first day (today
  /// without `from`) and the last one when the window ends later.
  public var daysNamed: (first: LocalDay, last: LocalDay) {
    let first = from ?? today
    return (first, max(first, to ?? first))
  }

  /// The number of tasks in all sections.
  public var taskCount: Int { sections.reduce(0) { $0 + $1.tasks.count } }
}

/// One header + tasks + footer block of the agenda (a table section in the
/// app's list screen).
public struct AgendaSection: Sendable {
  /// What a section holds: overdue tasks, one local day or one week.
  public enum Kind: Sendable, Equatable {
    /// Everything due before today, when the window has no explicit start.
    case overdue
    /// One local day.
    case day(LocalDay)
    /// The week that starts on this local day.
    case week(LocalDay)
  }

  /// What the section holds.
  public let kind: Kind
  /// The section's tasks, in agenda order.
  public let tasks: [TaskEntry]
  /// Each task's ``TaskEntry/stableHash``, in the order of ``tasks``, when
  /// the agenda was built to show task IDs (``AgendaOptions/hashesTaskIDs``);
  /// else empty, and the IDs are hashed when first asked for.
  package var taskIDHashes: [UInt64] = []
}
