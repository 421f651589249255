import PosttimICU

extension MessageKey {
  /// What an argument holds when the message is formatted.
  public enum ArgumentKind: Sendable {
    /// Words the program formats before they reach the message (a date,
    /// a zone's name, a file name).
    case text
    /// A number, for `plural` or `number` in the message.
    case number
  }

  /// The arguments this key's message is given, in the order the catalog
  /// README lists them; empty for the keys that take none. A message may
  /// use these and no other (``problem(inPattern:locale:)``).
  public var arguments: [(name: String, kind: ArgumentKind)] {
    switch self {
    case .reportTimeZone: [("zone", .text)]
    case .reportGenerated: [("generator", .text), ("date", .text)]
    case .reportTotal, .sectionCount: [("count", .number)]
    case .sectionWeek: [("date", .text)]
    case .sectionRelativeDay: [("relative", .text), ("date", .text)]
    case .importanceValue: [("importance", .number)]
    case .detailsSource: [("file", .text), ("entry", .number)]
    case .mailSubject: [("date", .text), ("from", .text), ("to", .text), ("count", .number)]
    case .mailCalendarAttached: [("file", .text)]
    case .calendarReminder: [("title", .text)]
    case .reportTitle, .reportEmpty, .sectionOverdue, .columnTime, .columnTask, .columnImportance,
      .columnDescription, .taskUntitled, .indexTitle, .detailsTitle, .detailsExactTime, .detailsOtherFields,
      .mailClipped:
      []
    }
  }
}
