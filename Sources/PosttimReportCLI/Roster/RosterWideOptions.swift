import FoundationEssentials
import PosttimICU

/// The roster-wide values (command line, then config file) whose form does
/// not depend on a row, checked once before the roster is read: a bad one
/// is one error (64, or 78 from the config file), not one per row.
enum RosterWideOptions {
  /// - Returns: the run's "now": `--now`, else the clock.
  static func check(_ options: ParsedOptions, environment: RunEnvironment) throws -> Date {
    let now = try RunPlan.Window.now(options, clock: environment.clock)
    _ = try options.resolve(ReportOptions.from) { try RunPlan.Window.day($0, option: "from") }
    _ = try options.resolve(ReportOptions.to) { try RunPlan.Window.day($0, option: "to") }
    _ = try options.value(ReportOptions.days)
    _ = try options.value(ReportOptions.overdueDays)
    _ = try options.value(ReportOptions.minimumImportance)
    _ = try options.value(ReportOptions.groupBy)
    _ = try options.value(ReportOptions.width)
    _ = try options.value(ReportOptions.writeTimeout)
    _ = try options.value(MailOptions.sendTimeout)
    let zones = SystemTimeZoneData.named(by: environment.variables)
    _ = try options.resolve(ReportOptions.timeZone) { try TimeZoneSpelling.resolve($0, in: zones) }
    return now
  }
}
