import PosttimICU

/// The e-mail's own words, localized from the report's catalog (never
/// English in a French mail).
public struct MailWords: Sendable {
  /// The `mail.clipped` note, shown when the HTML part is long.
  public let clippedNote: String
  /// The arguments of the subject: `date` (today, as a sentence shows
  /// it) and `count` (the tasks in the report).
  public let subjectArguments: [String: MessageArgument]
  /// The report's catalog, whose `mail.subject` is read only when used
  /// (a subject pattern replaces it; a catalog without it warns).
  let catalog: MessageCatalog
  /// The report's locale, in which a subject pattern is formatted.
  let locale: LocaleIdentifier

  /// "Agenda du lundi 30 novembre 2026": the catalog's `mail.subject`.
  public var subject: String { catalog.text(.mailSubject, subjectArguments) }

  /// The subject made from `pattern` (an ICU MessageFormat pattern that
  /// may use `{date}` and `{count}`) in the report's locale, instead of the
  /// catalog's.
  /// - Throws: ``MailError`` (`.invalidSubject`) when ICU cannot format it.
  public func subject(pattern: String) throws(MailError) -> String {
    do {
      return try ICUMessageFormat(pattern, locale: locale).format(subjectArguments)
    } catch {
      throw MailError(.invalidSubject, "the subject pattern '\(pattern)' cannot be formatted: \(error)")
    }
  }
}
