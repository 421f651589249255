import FoundationEssentials

/// A formatter's output kept by local wall time of day, for patterns that
/// print nothing else but UTC offsets (`HH:mm`, or `HH:mm (OOOO)`; see
/// `PatternFields.printsTimeOfDayAndOffsetOnly`): a day section's "08 h 00" is the same text on every
/// day, so a list of any length costs at most one ICU call per distinct
/// time of day and offset (1,440 for whole minutes in a zone without
/// DST), not one per task.
///
/// Keyed by the zone's UTC offset at the instant (from the caller's
/// ``DayCalendar``, which uses the same zone data as the formatter) and
/// the milliseconds since local midnight it gives. Holds at most
/// ``capacity`` strings (``PublishedTexts``: read with no lock by every
/// thread); a time of day past them is formatted each time.
public final class TimeOfDayStrings: Sendable, ICUFailureReporting {
  /// At most this many strings are kept (whole minutes give 1,440 keys per offset).
  public static let capacity = 1 << 14
  private let formatter: ICUDateFormatter
  private let strings = PublishedTexts(capacity: capacity)

  /// Keeps `formatter`'s output; `nil` when its pattern prints more than
  /// the time of day and offsets (a date, a zone name), where the text is
  /// not a function of them.
  public init?(_ formatter: ICUDateFormatter) {
    guard PatternFields.printsTimeOfDayAndOffsetOnly(formatter.pattern) else { return nil }
    self.formatter = formatter
  }

  /// The formatter's text for `date`, whose UTC offset in the formatter's
  /// zone is `utcOffset` seconds east of Greenwich.
  public func string(from date: Date, utcOffset: Int) -> String {
    guard let clock = LocalWallClock(millis: date.icuMillis, utcOffset: utcOffset) else {
      return formatter.string(from: date)
    }
    return string(from: date, millisOfDay: clock.millisOfDay, utcOffset: utcOffset)
  }

  /// The same, for a caller that has the wall clock already (``DateTimeStrings``).
  func string(from date: Date, millisOfDay: Int32, utcOffset: Int) -> String {
    strings.text(for: Self.key(millisOfDay: millisOfDay, utcOffset: utcOffset)) { formatter.string(from: date) }
  }

  /// ``string(from:utcOffset:)``'s UTF-8, kept, and whether it is
  /// ordinary; nil when it is not kept (the caller makes the string instead).
  public func utf8(from date: Date, utcOffset: Int) -> KeptUTF8? {
    guard let clock = LocalWallClock(millis: date.icuMillis, utcOffset: utcOffset) else { return nil }
    return utf8(from: date, millisOfDay: clock.millisOfDay, utcOffset: utcOffset)
  }

  /// The same, for a caller that has the wall clock already (``DateTimeStrings``).
  func utf8(from date: Date, millisOfDay: Int32, utcOffset: Int) -> KeptUTF8? {
    strings.utf8(for: Self.key(millisOfDay: millisOfDay, utcOffset: utcOffset)) { formatter.string(from: date) }
  }

  /// By offset too: a pattern may print it, and a zone's offsets are few.
  private static func key(millisOfDay: Int32, utcOffset: Int) -> UInt64 {
    UInt64(UInt32(truncatingIfNeeded: utcOffset)) << 32 | UInt64(UInt32(bitPattern: millisOfDay))
  }

  public var firstFailure: ICUError? { formatter.firstFailure }
}
