import PosttimICU

/// How a report is localized: locale, zone and the date formats.
public struct ReportSettings: Sendable {
  /// The canonical ICU locale ID of the report.
  public var locale: LocaleIdentifier
  /// The IANA time zone ID every local value is shown in.
  public var timeZone: TimeZoneIdentifier
  /// A task's time within a day section (default skeleton `jm`: hour in
  /// the locale's cycle and minutes).
  public var timeFormat: DateFormatSpec
  /// A day section's header (default skeleton `yMMMMEEEEd`).
  public var dayFormat: DateFormatSpec
  /// "Aujourd’hui — …", "Demain — …" for the days next to now.
  public var relativeDayNames: Bool
  /// Name and version written in the report's footer.
  public var generator: String

  /// The report's locale, zone and formats; see each property.
  public init(
    locale: LocaleIdentifier, timeZone: TimeZoneIdentifier,
    timeFormat: DateFormatSpec = .skeleton("jm"),
    dayFormat: DateFormatSpec = .skeleton("yMMMMEEEEd"), relativeDayNames: Bool = true,
    generator: String = "posttim-report \(PosttimReportVersion.current)"
  ) {
    self.locale = locale
    self.timeZone = timeZone
    self.timeFormat = timeFormat
    self.dayFormat = dayFormat
    self.relativeDayNames = relativeDayNames
    self.generator = generator
  }

  /// The format for a task's date and time, used where one section spans
  /// several days (overdue, weeks, CSV): the time skeleton with `yMMMd`
  /// added, or the pattern as given (a pattern is taken verbatim).
  public var dateTimeFormat: DateFormatSpec {
    switch timeFormat {
    case .skeleton(let skeleton):
      let hasDate = skeleton.contains { "yMLdEcG".contains($0) }
      return .skeleton(hasDate ? skeleton : "yMMMd" + skeleton)
    case .pattern: return timeFormat
    }
  }
}

/// The tool's version.
public enum PosttimReportVersion {
  public static let current = "0.1.0"
}
