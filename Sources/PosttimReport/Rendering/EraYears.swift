import FoundationEssentials
import PosttimICU

/// Years where the year alone misleads: ≤ 0 (BC, "1" for 1 BC; the
/// formatters are proleptic Gregorian, as ISO 8601) and ≥ 10000. Dates in
/// them are written with the era (UTS #35 `G`) by every format made from
/// a skeleton: a report's, its mail subject's and a preview's.
public enum EraYears {
  /// Whether `year` (Gregorian) is one of them.
  public static func contains(_ year: Int) -> Bool { year <= 0 || year >= 10000 }

  /// Whether `date`'s local year in `calendar`'s zone is one of them.
  public static func contains(_ date: Date, in calendar: DayCalendar) -> Bool {
    // Two days inside years 1…9999 in UTC is inside them in every zone
    // (offsets stay under a day): no need to ask the calendar.
    let seconds = date.timeIntervalSince1970
    if seconds > -62_135_596_800 + 172_800, seconds < 253_402_300_800 - 172_800 { return false }
    return contains(calendar.day(of: date).gregorian.year)
  }

  /// `spec` with the era: a skeleton with `G` added; nil for a pattern
  /// (verbatim) or a skeleton that has an era already.
  public static func withEra(_ spec: DateFormatSpec) -> DateFormatSpec? {
    guard case .skeleton(let skeleton) = spec, !skeleton.contains("G") else { return nil }
    return .skeleton("G" + skeleton)
  }
}
