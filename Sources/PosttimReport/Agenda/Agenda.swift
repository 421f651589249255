import Foundation
import PosttimICU

/// Tasks grouped into sections, in display order: an optional overdue
/// section first, then one section per local day (or week) with tasks.
///
/// Within a section tasks are ordered by instant, then importance (9
/// first), then title in the locale's collation order.
public struct Agenda: Sendable {
  /// "Today" in the report's zone, from ``AgendaOptions/now``.
  public let today: LocalDay
  public let now: Date
  public let sections: [AgendaSection]

  /// The number of tasks in all sections.
  public var taskCount: Int { sections.reduce(0) { $0 + $1.tasks.count } }
}

/// One header + tasks + footer block of the agenda (a table section in the
/// app's list screen).
public struct AgendaSection: Sendable {
  public enum Kind: Sendable, Equatable {
    /// Everything due before today, when the window has no explicit start.
    case overdue
    /// One local day.
    case day(LocalDay)
    /// The week that starts on this local day.
    case week(LocalDay)
  }

  public let kind: Kind
  public let tasks: [TaskEntry]
}
