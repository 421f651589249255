import FoundationEssentials
import PosttimICU
import PosttimReport

extension RunPlan.Window {
  /// `--now` (else the clock), `--from`, `--to`, `--days`,
  /// `--overdue-days`, `--min-importance` and `--group-by`, checked against
  /// each other. `--from`/`--to` are resolved here, once: today is the
  /// local day of `now` in the first locale's zone, and `next-workday`
  /// follows that locale's CLDR week (its region, or an `rg` override).
  init(resolving options: ParsedOptions, clock: () -> Date, first settings: ReportSettings) throws {
    now = try Self.now(options, clock: clock)
    // Each day with its text, for messages: "+1" is named as written.
    let from = try options.resolve(ReportOptions.from) { (day: try Self.day($0, option: "from"), written: $0) }
    let to = try options.resolve(ReportOptions.to) { (day: try Self.day($0, option: "to"), written: $0) }
    let days = try options.value(ReportOptions.days)
    if days != nil && to != nil {
      throw options.conflict([ReportOptions.to.spec, ReportOptions.days.spec], "use --to or --days, not both")
    }
    let calendar = try DayCalendar(timeZone: settings.timeZone, locale: settings.locale)
    do {
      (self.from, self.to) = try AgendaWindow(from: from?.day, to: to?.day, days: days).resolved(now: now, in: calendar)
    } catch let problem as AgendaWindow.Problem {
      if case .outsideYears = problem { throw UsageError("--now/--from/--to: \(problem)") }
      guard case .endsBeforeStart(let first, let last) = problem, let to else {
        throw UsageError("--from/--to: \(problem)")
      }
      guard let from else {
        throw options.conflict(
          [ReportOptions.to.spec],
          "--to (\(Self.named(to, last))) is before today (\(first)), where the agenda starts without --from")
      }
      throw options.conflict(
        [ReportOptions.from.spec, ReportOptions.to.spec],
        "--to (\(Self.named(to, last))) is before --from (\(Self.named(from, first)))")
    }
    overdueDays = try options.value(ReportOptions.overdueDays)
    minimumImportance = try options.value(ReportOptions.minimumImportance) ?? 1
    grouping = try options.value(ReportOptions.groupBy).flatMap(AgendaOptions.Grouping.init(rawValue:)) ?? .day
  }

  /// `--now`, else the clock.
  static func now(_ options: ParsedOptions, clock: () -> Date) throws -> Date {
    try options.resolve(ReportOptions.now) { text throws -> Date in
      switch try DateTimeOptionValue.parse(text, option: "now", expected: Self.nowShape) {
      case .instant(let date):
        // Year 0000 is readable (Foundation's distantPast) but no "now".
        guard ISO8601.isSupported(date), date.timeIntervalSince1970 >= -62_135_596_800 else {
          throw UsageError("--now must be in the years 1…9999, got '\(text)'")
        }
        return date
      default: throw UsageError("--now needs a date-time with an offset, e.g. 2026-11-30T09:00:00-05:00 or …Z")
      }
    } ?? clock()
  }

  /// What `--now` accepts: an instant, so a date-time with its offset.
  static let nowShape = "expected a date-time with an offset, YYYY-MM-DDThh:mm[:ss] and Z or ±hh:mm"

  /// `--from`/`--to` name local days: a date or a day counted from today.
  static func day(_ text: String, option: String) throws -> RelativeDay {
    do {
      return try RelativeDay(text)
    } catch {
      let word = text.trimmingHorizontalSpace().lowercased()
      guard case .notADay = error, let near = Suggestion.closest(to: word, in: RelativeDay.keywords) else {
        throw UsageError("--\(option): \(error)")
      }
      throw UsageError("--\(option): '\(TerminalText.echo(text, limit: 40))' is not a day; did you mean '\(near)'?")
    }
  }

  /// A day as the user wrote it, with the date it resolved to when the
  /// words were relative ("next-workday: 2026-12-07", "+1: 2026-12-01").
  static func named(_ value: (day: RelativeDay, written: String), _ day: LocalDay) -> String {
    if case .date = value.day { return "\(day)" }
    return "\(TerminalText.echo(value.written.trimmingHorizontalSpace(), limit: 40)): \(day)"
  }
}
