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
  public static let subjectPlaceholders = ["date", "from", "to", "count"]

  /// Arguments of the subject's types (the days text, the count a number),
  /// to format a pattern with once before a run: ICU finds a `select` on
  /// `{count}` or `{date, number}` wrong only when it formats.
  static let sampleSubjectArguments: [String: MessageArgument] = [
    "date": .string("1"), "from": .string("1"), "to": .string("1"), "count": .number(1),
  ]

  /// Why a pattern cannot be a mail subject.
  public enum SubjectProblem: Error, Equatable {
    /// ICU cannot parse it, or cannot format it with the subject's arguments.
    case invalidPattern(String)
    /// It uses a placeholder the subject does not have.
    case unknownPlaceholders(String)
  }

  /// Why `pattern` cannot be a subject in `locale`, or nil. The one check
  /// for `--subject`, the config file's `subject` and a catalog's
  /// `mail.subject`, so each refuses the same texts before a run.
  public static func problem(inSubject pattern: String, locale: LocaleIdentifier) -> SubjectProblem? {
    let message: ICUMessageFormat
    do {
      message = try ICUMessageFormat(pattern, locale: locale)
    } catch {
      return .invalidPattern("\(error)")
    }
    do {
      _ = try message.format(sampleSubjectArguments)
    } catch {
      return .invalidPattern("\(error) when formatted ({count} is a number; {date}, {from} and {to} are text)")
    }
    return placeholderProblem(inSubject: pattern).map(SubjectProblem.unknownPlaceholders)
  }

  /// Why `pattern` cannot be a subject for want of its placeholders, or
  /// nil: ICU writes an argument it is not given as its own text, so a
  /// typo (`{dat}`, `{0}`) would be mailed as it is. The pattern must parse.
  static func placeholderProblem(inSubject pattern: String) -> String? {
    guard let names = try? ICUMessageFormat.argumentNames(in: pattern) else { return nil }
    let unknown = names.filter { !subjectPlaceholders.contains($0) }
    guard !unknown.isEmpty else { return nil }
    let known = subjectPlaceholders.map { "{\($0)}" }.joined(separator: ", ")
    let named = unknown.prefix(5).map { "{\(TerminalText.echo($0, limit: 40))}" }.joined(separator: ", ")
    return "\(unknown.count == 1 ? "placeholder" : "placeholders") \(named) unknown (a subject may use \(known))"
  }
}
