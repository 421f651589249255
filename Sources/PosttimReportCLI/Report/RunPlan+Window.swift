import Foundation
import PosttimICU
import PosttimReport

extension RunPlan.Window {
  /// `--now` (else the clock), `--from`, `--to`, `--days`,
  /// `--overdue-days`, `--min-importance` and `--group-by`, checked against
  /// each other.
  init(resolving options: ParsedOptions, clock: () -> Date) throws {
    now =
      try options.resolve(ReportOptions.now) { text throws -> Date in
        switch try ISO8601.parse(text) {
        case .instant(let date):
          // Year 0000 is readable (Foundation's distantPast) but no "now".
          guard ISO8601.isSupported(date), date.timeIntervalSince1970 >= -62_135_596_800 else {
            throw UsageError("--now must be in the years 1…9999, got '\(text)'")
          }
          return date
        default: throw UsageError("--now needs a date-time with an offset, e.g. 2026-11-30T09:00:00-05:00 or …Z")
        }
      } ?? clock()
    from = try options.resolve(ReportOptions.from) { try Self.date($0, option: "from") }
    to = try options.resolve(ReportOptions.to) { try Self.date($0, option: "to") }
    days = try options.value(ReportOptions.days)
    if days != nil && to != nil { throw UsageError("use --to or --days, not both") }
    if case .day(let first)? = from, case .day(let last)? = to, last < first {
      throw UsageError("--to (\(last)) is before --from (\(first))")
    }
    overdueDays = try options.value(ReportOptions.overdueDays)
    minimumImportance = try options.value(ReportOptions.minimumImportance) ?? 1
    grouping = try options.value(ReportOptions.groupBy).flatMap(AgendaOptions.Grouping.init(rawValue:)) ?? .day
  }

  /// `--from`/`--to` name local days, so they take dates only.
  static func date(_ text: String, option: String) throws -> ISO8601.Value {
    guard let value = try? ISO8601.parse(text), case .day = value else {
      throw UsageError("--\(option) takes a date (YYYY-MM-DD), got '\(TerminalText.echo(text))'")
    }
    return value
  }
}
