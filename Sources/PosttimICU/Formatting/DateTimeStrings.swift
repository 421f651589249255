import Foundation
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
  /// At most this many day texts are kept; when full, the table starts over.
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

  private enum State {
    case counting(Int)
    case composing(Parts, days: [Int64: String])
    /// A part could not be opened: every value is formatted whole.
    case direct
  }

  private let formatter: ICUDateFormatter
  private let split: PatternFields.DateTimeSplit
  private let state = Mutex(State.counting(0))

  /// Keeps `formatter`'s output in two parts; `nil` when its pattern does
  /// not cut into a date part and a time-of-day part, or it capitalizes.
  public init?(_ formatter: ICUDateFormatter) {
    guard formatter.capitalization == .none, let split = PatternFields.dateTimeSplit(formatter.pattern),
      Self.dayBasedCalendars.contains(formatter.calendarType)
    else { return nil }
    self.formatter = formatter
    self.split = split
  }

  /// The formatter's text for `date`, whose UTC offset in the formatter's
  /// zone is `utcOffset` seconds east of Greenwich (from a ``DayCalendar``
  /// of the same zone).
  public func string(from date: Date, utcOffset: Int) -> String {
    guard let clock = LocalWallClock(millis: date.icuMillis, utcOffset: utcOffset),
      case .join(let parts, let dayText) = lookUp(clock.day)
    else { return formatter.string(from: date) }
    let day = dayText ?? keep(parts.date.string(from: date), for: clock.day)
    let time = parts.time.string(from: date, millisOfDay: clock.millisOfDay, utcOffset: utcOffset)
    return split.timeFirst ? time + day : day + time
  }

  private enum Lookup {
    /// Format the value whole.
    case whole
    /// Join the parts; the day's text when it is kept.
    case join(Parts, dayText: String?)
  }

  /// How to format a value of local day `day`; the parts are opened once
  /// ``directCalls`` values were formatted whole.
  private func lookUp(_ day: Int64) -> Lookup {
    let found: Lookup? = state.withLock { state in
      switch state {
      case .composing(let parts, let days): return .join(parts, dayText: days[day])
      case .direct: return .whole
      case .counting(let count):
        guard count >= Self.directCalls else {
          state = .counting(count + 1)
          return .whole
        }
        return nil
      }
    }
    if let found { return found }
    // ICU opens are slow: outside the lock; racing threads both open, one set is kept.
    let opened = openParts()
    return state.withLock { state in
      if case .counting = state { state = opened.map { .composing($0, days: [:]) } ?? .direct }
      guard case .composing(let parts, let days) = state else { return .whole }
      return .join(parts, dayText: days[day])
    }
  }

  private func keep(_ text: String, for day: Int64) -> String {
    state.withLock { state in
      guard case .composing(let parts, var days) = state else { return }
      state = .direct  // releases the table so the insertion below does not copy it
      if days.count >= Self.dayCapacity { days.removeAll(keepingCapacity: true) }
      days[day] = text
      state = .composing(parts, days: days)
    }
    return text
  }

  private func openParts() -> Parts? {
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
    state.withLock { state in
      guard case .composing(let parts, _) = state else { return formatter.firstFailure }
      return ([formatter, parts.date, parts.time] as [any ICUFailureReporting]).firstFailure
    }
  }
}
