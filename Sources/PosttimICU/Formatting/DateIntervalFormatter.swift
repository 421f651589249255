import CICUShim
import FoundationEssentials
import Synchronization

/// A range of civil dates written the locale's way by ICU's date-interval
/// formatter (`udtitvfmt`, UTS #35 §4 "intervalFormats"): the fields both
/// ends share are written once.
///
///     let range = try DateIntervalFormatter(skeleton: "yMMMMd", locale: LocaleIdentifier("fr_CA"))
///     range.string(from: LocalDay(year: 2026, month: 12, day: 1), to: LocalDay(year: 2026, month: 12, day: 3))
///     // "1–3 décembre 2026"
///
/// A single day is the date alone ("1 décembre 2026"), written as a date
/// formatter with the same skeleton writes it (the day headings' text: ICU's
/// interval formatter may lay out a one-day range otherwise). The locale's
/// calendar (`@calendar=japanese`) and numbering system (`@numbers=`, or
/// the locale's default: Arabic-Indic digits in ar_EG) apply.
///
/// Sendable notes: the ICU handle is used under `lock` only.
public final class DateIntervalFormatter: @unchecked Sendable, ICUFailureReporting {
  private let handle: OpaquePointer
  private let lock = Mutex(())
  private let failures = ICUFailureRecord()
  /// The skeleton's date formatter, for a single day.
  private let single: ICUDateFormatter
  /// The UTS #35 skeleton (date fields only).
  public let skeleton: String
  /// The locale the range is written in.
  public let locale: LocaleIdentifier

  /// Opens a formatter. Check a user's skeleton with ``validate(skeleton:)`` first.
  /// - Throws: ``ICUError`` when ICU cannot open it.
  public init(
    skeleton: String, locale: LocaleIdentifier, capitalization: ICUDateFormatter.Capitalization = .none
  ) throws(ICUError) {
    let handle = try openICUHandle(
      "udtitvfmt_open",
      open: { status in
        skeleton.withUTF16Buffer { text, length in cicu_itv_open(locale.icuID, text, length, &status) }
      }, close: cicu_itv_close)
    if capitalization != .none {
      var status: Int32 = 0
      cicu_itv_set_capitalization(handle, capitalization.rawValue, &status)
      guard status <= 0 else {
        cicu_itv_close(handle)
        throw ICUError(function: "udtitvfmt_setContext(UDISPCTX_CAPITALIZATION)", code: status)
      }
    }
    do {
      single = try DateFormatting.formatter(
        for: .skeleton(skeleton), locale: locale, timeZone: .utc, capitalization: capitalization)
    } catch {
      cicu_itv_close(handle)
      throw error
    }
    self.handle = handle
    self.skeleton = skeleton
    self.locale = locale
  }

  deinit { cicu_itv_close(handle) }

  /// Letters of time-of-day and zone fields (UTS #35 §4): a range of civil
  /// dates has no time, and ICU would print the noon it formats from.
  static let timeLetters = "abBhHkKjJCmsSAzZOvVXx"

  /// Checks a skeleton for ranges of dates: a valid UTS #35 skeleton
  /// (``DateFormatSpec/validate()``) with date fields only.
  /// - Throws: ``DateEngineError/invalidSkeleton(_:reason:)``.
  public static func validate(skeleton: String) throws(DateEngineError) {
    _ = try DateFormatSpec.skeleton(skeleton).validate()
    if let letter = PatternFields.letters(in: skeleton).letters.first(where: { timeLetters.contains($0) }) {
      throw .invalidSkeleton(skeleton, reason: "\"\(letter)\" is a time field; a range of days takes date fields only")
    }
  }

  /// The first ICU error a `string(from:to:)` call met.
  public var firstFailure: ICUError? { failures.first ?? single.firstFailure }

  /// The range from `first` to `last` (inclusive; given in either order),
  /// or the date alone when they are the same day. On an ICU error it
  /// returns "" and records the error in ``firstFailure``.
  public func string(from first: LocalDay, to last: LocalDay) -> String {
    let (start, end) = first <= last ? (first, last) : (last, first)
    if start == end { return single.string(from: Date(timeIntervalSince1970: Self.noonMillis(start) / 1000)) }
    return lock.withLock { _ in
      do throws(ICUError) {
        return try withUTF16Result("udtitvfmt_format") { out, capacity, status in
          cicu_itv_format(handle, Self.noonMillis(start), Self.noonMillis(end), out, capacity, &status)
        }
      } catch {
        failures.record(error)
        return ""
      }
    }
  }

  /// Noon UTC of a civil date: inside that date in the formatter's UTC.
  static func noonMillis(_ day: LocalDay) -> Double {
    (Double(Int(day.dayNumber) - CivilDate.julianDayOfUnixEpoch) * 86_400 + 43_200) * 1000
  }
}
