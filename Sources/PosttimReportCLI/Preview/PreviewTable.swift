import FoundationEssentials
import PosttimICU
import PosttimReport

/// The rows of a preview: one per (date, locale), dates in command-line
/// order and, within a date, locales in command-line order, so the
/// locales being compared sit next to each other. Each row holds one
/// pattern and result per format shown (two for the report's defaults).
struct PreviewTable {
  struct Row {
    /// The locale exactly as given on the command line.
    let localeInput: String
    let locale: LocaleIdentifier
    let date: Date
    /// Per format, in ``PreviewRequest/specs`` order: the ICU pattern it
    /// resolved to in this locale (UTS #35) and the date formatted by the
    /// system ICU.
    let cells: [(pattern: String, formatted: String)]
  }

  let specs: [(label: String?, spec: DateFormatSpec)]
  let timeZone: TimeZoneIdentifier
  let dates: [Date]
  let rows: [Row]

  /// Resolves the pattern per locale and formats every date; a date in a
  /// year ≤ 0 or ≥ 10000 is written with the era by a skeleton with a
  /// year, as a report writes it (``EraYears``).
  /// - Throws: ``ICUError`` when ICU cannot open a calendar, generator or formatter.
  init(_ request: PreviewRequest) throws(ICUError) {
    specs = request.specs
    timeZone = request.timeZone
    dates = request.dates
    let calendar = try DayCalendar(timeZone: request.timeZone)
    var rows: [Row] = []
    for date in request.dates {
      let needsEra = EraYears.contains(date, in: calendar)
      for (input, locale) in request.locales {
        var cells: [(pattern: String, formatted: String)] = []
        for (_, spec) in request.specs {
          let shown = needsEra && Self.showsYear(spec) ? EraYears.withEra(spec) ?? spec : spec
          let formatter = try DateFormatting.formatter(for: shown, locale: locale, timeZone: request.timeZone)
          cells.append((formatter.pattern, formatter.string(from: date)))
        }
        rows.append(Row(localeInput: input, locale: locale, date: date, cells: cells))
      }
    }
    self.rows = rows
  }

  /// Whether a skeleton has a year field (UTS #35 `y`, `Y`, `u`, `r`, `U`):
  /// an era beside a time alone would say nothing.
  static func showsYear(_ spec: DateFormatSpec) -> Bool {
    guard case .skeleton(let skeleton) = spec else { return false }
    return skeleton.contains { "yYurU".contains($0) }
  }

  /// More than one date: the human-readable formats add a `date` column.
  var showsDateColumn: Bool { dates.count > 1 }

  /// "skeleton yMMMdjm in America/Toronto at 2026-11-30T14:00:00Z", or
  /// "report defaults: time skeleton jm, day skeleton yMMMMEEEEd in …" (the
  /// instant only when there is one date).
  var summary: String {
    let formats = specs.map { ($0.label.map { $0 + " " } ?? "") + $0.spec.description }.joined(separator: ", ")
    var text = (specs.count > 1 ? "report defaults: " : "") + "\(formats) in \(timeZone.id)"
    if !showsDateColumn, let date = dates.first { text += " at " + ISO8601.utcString(date) }
    return text
  }
}
