import FoundationEssentials
import Synchronization

/// A date-and-time formatter's output put together from two kept parts:
/// the date part's text, kept by local day, and the time part's, kept by
/// local time of day (``TimeOfDayStrings``). "30 nov. 2026, 08 h 00" is
/// "30 nov. 2026, " (one ICU call per day of the list) followed by
/// "08 h 00" (one per distinct time of day), so a long list costs two
/// table lookups per value instead of one ICU call (about 16,000
/// instructions, most of them ICU's number formatting of each field).
///
/// Only for patterns that cut into a date-only and a time-only part
/// (`PatternFields.dateTimeSplit`: no zone name, no interleaving; a UTC
/// offset goes with the time part, kept by time of day and offset),
/// formatters without a capitalization context (which ICU applies to the
/// first field only), and calendars whose date is a function of the local
/// day (``dayBasedCalendars``: not ICU's astronomical `islamic` and
/// `islamic-rgsa`, whose date follows the moon's age at the instant). Each
/// part is an ICU formatter of the same locale and zone, so the text is
/// ICU's; `DateTimeStringsTests` checks it equals the whole pattern's, value
/// for value, in 40-odd locales and every day-based calendar.
///
/// The first ``directCalls`` values are formatted whole: a short list (the
/// nightly mail's 22 tasks) should not pay for opening two more formatters.
public final class DateTimeStrings: Sendable, ICUFailureReporting {
  /// Values formatted whole before the parts are opened.
  public static let directCalls = 64
  /// At most this many day texts are kept; other days are formatted each time.
  public static let dayCapacity = 1 << 14

  /// ICU 72 calendar types whose fields ICU computes from the local day
  /// (`handleComputeFields` from the Julian day), checked by the test.
  public static let dayBasedCalendars: Set<String> = [
    "gregorian", "iso8601", "buddhist", "japanese", "roc", "persian", "indian", "hebrew", "chinese", "dangi",
    "coptic", "ethiopic", "ethiopic-amete-alem", "islamic-civil", "islamic-tbla", "islamic-umalqura",
  ]

  private struct Parts: Sendable {
    let date: ICUDateFormatter
    let time: TimeOfDayStrings
  }

  private let formatter: ICUDateFormatter
  private let split: PatternFields.DateTimeSplit
  /// Values formatted whole so far (counts up to ``directCalls``).
  private let calls = Atomic<Int>(0)
  /// The parts, opened once ``directCalls`` values have been formatted
  /// whole; nil when one could not be opened (every value is then
  /// formatted whole). Read with no lock by every thread.
  private let parts: OnceValue<Parts?>
  /// The date part's text by local day.
  private let days = PublishedTexts(capacity: dayCapacity)

  /// Keeps `formatter`'s output in two parts; `nil` when its pattern does
  /// not cut into a date part and a time-of-day part, or it capitalizes.
  public init?(_ formatter: ICUDateFormatter) {
    guard formatter.capitalization == .none, let split = PatternFields.dateTimeSplit(formatter.pattern),
      Self.dayBasedCalendars.contains(formatter.calendarType)
    else { return nil }
    self.formatter = formatter
    self.split = split
    parts = OnceValue { Self.openParts(of: formatter, split) }
  }

  /// The formatter's text for `date`, whose UTC offset in the formatter's
  /// zone is `utcOffset` seconds east of Greenwich (from a ``DayCalendar``
  /// of the same zone).
  public func string(from date: Date, utcOffset: Int) -> String {
    // The parts are read in place: a copy would retain them, shared by every thread.
    guard let clock = LocalWallClock(millis: date.icuMillis, utcOffset: utcOffset), composes, parts.value != nil
    else { return formatter.string(from: date) }
    let (first, second) = texts(from: date, clock, utcOffset: utcOffset)
    return first + second
  }

  /// ``string(from:utcOffset:)``'s UTF-8 lent to `body`, its two parts
  /// copied side by side on the stack (no `String` made per value), with
  /// whether both are ordinary (``OrdinaryText``); false, without calling
  /// `body`, while the parts are not open (the first values go through
  /// ``string(from:utcOffset:)``, which opens them).
  public func withUTF8(
    from date: Date, utcOffset: Int, _ body: (UnsafeBufferPointer<UInt8>, _ isOrdinary: Bool) -> Void
  ) -> Bool {
    // The kept texts are lent in place: a String returned would be retained,
    // and the same day's text is read by every thread.
    guard parts.isSet, parts.value != nil, let clock = LocalWallClock(millis: date.icuMillis, utcOffset: utcOffset),
      let day = days.utf8(for: UInt64(bitPattern: clock.day), making: { parts.value!.date.string(from: date) }),
      // Called unretained: a call on the part as read retained and released it,
      // an atomic write to a line every thread shares, for every value.
      let time = Unmanaged.passUnretained(parts.pointer.pointee!.time)._withUnsafeGuaranteedRef({
        $0.utf8(from: date, millisOfDay: clock.millisOfDay, utcOffset: utcOffset)
      })
    else { return false }
    let isOrdinary = day.isOrdinary && time.isOrdinary
    let (first, second) = split.timeFirst ? (time.bytes, day.bytes) : (day.bytes, time.bytes)
    withJoinedUTF8(first, second) { body($0, isOrdinary) }
    return true
  }

  /// The kept date part's and time part's texts for `date`, in the
  /// pattern's order. - Precondition: the parts are open.
  private func texts(from date: Date, _ clock: LocalWallClock, utcOffset: Int) -> (String, String) {
    let day = days.text(for: UInt64(bitPattern: clock.day)) { parts.value!.date.string(from: date) }
    let time = parts.value!.time.string(from: date, millisOfDay: clock.millisOfDay, utcOffset: utcOffset)
    return split.timeFirst ? (time, day) : (day, time)
  }

  /// Whether values are composed from the parts: after ``directCalls``
  /// values formatted whole (this call counts as one of them).
  private var composes: Bool {
    if parts.isSet { return true }
    return calls.wrappingAdd(1, ordering: .relaxed).oldValue >= Self.directCalls
  }

  private static func openParts(of formatter: ICUDateFormatter, _ split: PatternFields.DateTimeSplit) -> Parts? {
    // Through the cache: the time part is often the report's own time format.
    func open(_ pattern: String) -> ICUDateFormatter? {
      try? DateFormatting.formatter(for: .pattern(pattern), locale: formatter.locale, timeZone: formatter.timeZone)
    }
    guard let date = open(split.date), let timeFormatter = open(split.time),
      let time = TimeOfDayStrings(timeFormatter)
    else { return nil }
    return Parts(date: date, time: time)
  }

  /// The first ICU error met by the whole formatter or a part.
  public var firstFailure: ICUError? {
    guard parts.isSet, let parts = parts.value else { return formatter.firstFailure }
    return ([formatter, parts.date, parts.time] as [any ICUFailureReporting]).firstFailure
  }

}
