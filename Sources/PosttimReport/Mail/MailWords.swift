import PosttimICU

/// The e-mail's own words, localized from the report's catalog (never
/// English in a French mail).
public struct MailWords: Sendable {
  /// The `mail.clipped` note, shown when the HTML part is long.
  public let clippedNote: String
  /// The arguments of the subject, as a sentence shows them: `date` (the
  /// first day shown, or the range of days: "1–3 décembre 2026"), `from`
  /// and `to` (the first and last days shown, each alone) and `count` (the
  /// tasks in the report).
  public let subjectArguments: [String: MessageArgument]
  /// The report's catalog, whose `mail.subject` is read only when used
  /// (a subject pattern replaces it; a catalog without it warns).
  let catalog: MessageCatalog
  /// The report's locale, in which a subject pattern is formatted.
  let locale: LocaleIdentifier

  /// The `mail.calendarAttached` note over a message that carries its
  /// calendar as `file`.
  public func calendarNote(file: String) -> String { catalog.text(.mailCalendarAttached, ["file": .string(file)]) }

  /// "Agenda du lundi 30 novembre 2026": the catalog's `mail.subject`.
  public var subject: String { catalog.text(.mailSubject, subjectArguments) }

  /// The subject made from `pattern` (an ICU MessageFormat pattern that
  /// may use `{date}`, `{from}`, `{to}` and `{count}`) in the report's locale, instead of the
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

extension MailWords {
  /// The placeholders a subject may use (``subjectArguments``' names).
  public static let subjectPlaceholders = MessageKey.mailSubject.arguments.map(\.name)

  /// Why `pattern` cannot be a subject in `locale`, or nil: the check of
  /// every catalog message (``MessageKey/problem(inPattern:locale:)``),
  /// for `--subject` and the config file's `subject` as for a catalog's
  /// `mail.subject`, so each refuses the same texts before a run.
  public static func problem(inSubject pattern: String, locale: LocaleIdentifier) -> MessageKey.PatternProblem? {
    MessageKey.mailSubject.problem(inPattern: pattern, locale: locale)
  }
}
