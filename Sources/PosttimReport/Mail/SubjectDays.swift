import FoundationEssentials
import PosttimICU
import Synchronization

/// The days a mail's subject names: `{date}` (the first day shown, or the
/// range of days as ICU's date-interval formatter writes it), `{from}` and
/// `{to}` (each day alone), all in the day headings' format, mid-sentence.
///
/// The interval formatter is opened on first use (a one-day subject never
/// needs it); an ICU error opening it is kept for ``firstFailure``.
final class SubjectDays: Sendable, ICUFailureReporting {
  private let dayFormat: DateFormatSpec
  private let locale: LocaleIdentifier
  private let dayInline: ICUDateFormatter
  /// `dayInline` with the era, for a year ≤ 0 or ≥ 10000; nil for a
  /// verbatim pattern or one that shows the era.
  private let eraInline: LazyDateFormatter?
  private let calendar: DayCalendar
  private let ranges = Mutex<Result<PosttimICU.DateIntervalFormatter, ICUError>?>(nil)

  init(
    dayFormat: DateFormatSpec, locale: LocaleIdentifier, dayInline: ICUDateFormatter, eraInline: LazyDateFormatter?,
    calendar: DayCalendar
  ) {
    self.dayFormat = dayFormat
    self.locale = locale
    self.dayInline = dayInline
    self.eraInline = eraInline
    self.calendar = calendar
  }

  /// `date`, `from` and `to` for the window `first`…`last`.
  func arguments(first: LocalDay, last: LocalDay) -> [String: MessageArgument] {
    let from = day(first)
    let to = first == last ? from : day(last)
    return [
      "date": .string(first == last ? from : range(first, last, from: from, to: to)), "from": .string(from),
      "to": .string(to),
    ]
  }

  private func day(_ day: LocalDay) -> String {
    let noon = calendar.start(of: day).addingTimeInterval(12 * 3600)
    if let eraInline, Self.needsEra(day) { return eraInline.string(from: noon) }
    return dayInline.string(from: noon)
  }

  /// A year ≤ 0 or ≥ 10000 (``EraYears``).
  private static func needsEra(_ day: LocalDay) -> Bool { EraYears.contains(day.gregorian.year) }

  /// A skeleton's range through ICU ("1–3 décembre 2026"); a verbatim
  /// pattern (`--day-pattern`) has no interval form, so its two days are
  /// joined by an en dash.
  private func range(_ first: LocalDay, _ last: LocalDay, from: String, to: String) -> String {
    // ICU's interval formatter has no era of its own choosing: such days are joined.
    guard case .skeleton(let skeleton) = dayFormat, eraInline == nil || !(Self.needsEra(first) || Self.needsEra(last)),
      (try? PosttimICU.DateIntervalFormatter.validate(skeleton: skeleton)) != nil
    else { return "\(from) – \(to)" }
    let opened = ranges.withLock { state in
      if let state { return state }
      let opened = Result { () throws(ICUError) in
        try PosttimICU.DateIntervalFormatter(skeleton: skeleton, locale: locale, capitalization: .middleOfSentence)
      }
      state = opened
      return opened
    }
    return (try? opened.get())?.string(from: first, to: last) ?? ""
  }

  var firstFailure: ICUError? {
    let range: ICUError? = ranges.withLock { state in
      switch state {
      case .failure(let error)?: return error
      case .success(let formatter)?: return formatter.firstFailure
      case nil: return nil
      }
    }
    return range ?? eraInline?.firstFailure
  }
}
