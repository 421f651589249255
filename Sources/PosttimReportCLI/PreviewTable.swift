import Foundation
import PosttimICU

/// The rows of a preview: one per (date, locale), dates in command-line
/// order and, within a date, locales in command-line order, so the
/// locales being compared sit next to each other.
struct PreviewTable {
  struct Row {
    /// The locale exactly as given on the command line.
    let localeInput: String
    let locale: LocaleIdentifier
    let date: Date
    /// The ICU pattern the spec resolved to in this locale (UTS #35).
    let pattern: String
    /// The date formatted by the system ICU.
    let formatted: String
  }

  let spec: DateFormatSpec
  let timeZone: TimeZoneIdentifier
  let dates: [Date]
  let rows: [Row]

  /// Resolves the pattern per locale and formats every date.
  /// - Throws: ``ICUError`` when ICU cannot open a generator or formatter.
  init(_ request: PreviewRequest) throws(ICUError) {
    spec = request.spec
    timeZone = request.timeZone
    dates = request.dates
    var rows: [Row] = []
    for date in request.dates {
      for (input, locale) in request.locales {
        let formatter = try DateFormatting.formatter(for: request.spec, locale: locale, timeZone: request.timeZone)
        rows.append(
          Row(
            localeInput: input, locale: locale, date: date, pattern: formatter.pattern,
            formatted: formatter.string(from: date)))
      }
    }
    self.rows = rows
  }

  /// More than one date: the human-readable formats add a `date` column.
  var showsDateColumn: Bool { dates.count > 1 }

  /// "skeleton yMMMdjm in America/Toronto at 2026-11-30T14:00:00Z" (the
  /// instant only when there is one date).
  var summary: String {
    var text = "\(spec) in \(timeZone.id)"
    if !showsDateColumn, let date = dates.first { text += " at " + ISO8601.utcString(date) }
    return text
  }
}
