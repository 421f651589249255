import PosttimICU
import PosttimReport

/// ICU objects kept from one report to the next by a process that makes
/// many (a roster's readers): each locale's catalog, and for each locale,
/// zone and set of formats a calendar and a presenter, the collator by
/// locale. Opening them costs more than a short agenda takes to present.
///
/// Used by one thread only (each of a roster's threads keeps its own).
/// Only the embedded catalogs are kept (a `--template-dir` may differ from
/// reader to reader); an object that recorded an ICU failure is made anew,
/// so one report's failure is never another's.
final class KeptPresenters {
  private struct Key: Hashable {
    let locale: LocaleIdentifier
    let zone: TimeZoneIdentifier
    let timeFormat: DateFormatSpec
    let dayFormat: DateFormatSpec
    let relativeDayNames: Bool
    let generator: String

    init(_ settings: ReportSettings) {
      (locale, zone, timeFormat, dayFormat) = (
        settings.locale, settings.timeZone, settings.timeFormat, settings.dayFormat
      )
      (relativeDayNames, generator) = (settings.relativeDayNames, settings.generator)
    }
  }

  /// Past this many of each, all are dropped: memory stays bounded
  /// whatever mix of locales and zones a roster has.
  static let limit = 16

  private var presenters: [Key: (calendar: DayCalendar, presenter: ReportPresenter)] = [:]
  private var collators: [LocaleIdentifier: ICUCollator] = [:]
  private var catalogs: [LocaleIdentifier: MessageCatalog] = [:]

  /// The calendar and presenter for `settings`, kept or made; nil when the
  /// resources are not the embedded ones (nothing is kept for them).
  func presenter(
    for settings: ReportSettings, resources: any ResourceFiles, warn: @escaping @Sendable (String) -> Void
  ) throws -> (calendar: DayCalendar, presenter: ReportPresenter)? {
    guard resources is EmbeddedResources else { return nil }
    let key = Key(settings)
    if let kept = presenters[key], kept.presenter.firstFailure == nil { return kept }
    let catalog = catalogs[settings.locale] ?? MessageCatalog(locale: settings.locale, resources: resources, warn: warn)
    keep(&catalogs, settings.locale, catalog)
    let calendar = try DayCalendar(timeZone: settings.timeZone, locale: settings.locale)
    let made = (calendar, try ReportPresenter(settings: settings, calendar: calendar, catalog: catalog))
    keep(&presenters, key, made)
    return made
  }

  /// The collator for `locale`, kept or made.
  func collator(for locale: LocaleIdentifier) throws -> ICUCollator {
    if let kept = collators[locale], kept.firstFailure == nil { return kept }
    let made = try ICUCollator(locale: locale)
    keep(&collators, locale, made)
    return made
  }

  private func keep<K: Hashable, V>(_ table: inout [K: V], _ key: K, _ value: V) {
    if table.count >= Self.limit && table[key] == nil { table.removeAll() }
    table[key] = value
  }
}
