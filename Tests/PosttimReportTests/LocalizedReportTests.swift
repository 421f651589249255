import Foundation
import PosttimICU
import PosttimReport
import Testing
import TestSupport

/// The shipped example as a Markdown report in four locales (zone
/// America/Toronto, now 2026-11-30T14:00Z), against reviewed golden files
/// `Snapshots/localized.<locale>.md`, and a check that the report's own
/// words are in the reader's language.
@Suite("Localized reports")
struct LocalizedReportTests {
  static let generator = "posttim-report (tests)"
  static let zoneID = "America/Toronto"

  /// The Markdown report in `locale`, with the catalog's warnings.
  static func report(_ locale: String) throws -> (text: String, warnings: [String]) {
    let fixture = try ReportFixture(locale: locale, zone: zoneID)
    #expect(fixture.settings.generator == generator)
    let log = WarningLog()
    let catalog = MessageCatalog(locale: fixture.settings.locale, resources: EmbeddedResources(), warn: log.sink)
    let presenter = try ReportPresenter(settings: fixture.settings, calendar: fixture.calendar, catalog: catalog)
    let view = presenter.view(of: try fixture.agenda(try TaskListLoader().load(TestPaths.example.path)))
    let writer = try #require(try WriterRegistry.standard.writer(for: "markdown", options: WriterOptions()))
    return (try fixture.render(writer, view), log.all)
  }

  @Test("golden Markdown reports", arguments: ["fr_CA", "en_US", "ar_EG", "ja_JP", "ru_RU", "ko_KR"])
  func golden(locale: String) throws {
    let (text, warnings) = try Self.report(locale)
    #expect(warnings == [])
    if let mismatch = snapshotMismatch(text, named: "localized.\(locale).md") {
      Issue.record(Comment(rawValue: mismatch))
    }
  }

  /// Words of at least three letters, lowercased.
  static func words(_ text: String) -> Set<String> {
    Set(text.split { !$0.isLetter }.map { $0.lowercased() }.filter { $0.count >= 3 })
  }

  /// The words of a catalog's messages, literal text only (no argument
  /// names, selectors or plural keywords).
  static func catalogWords(_ name: String) throws -> Set<String> {
    var result: Set<String> = []
    for pattern in try ShippedCatalogs.messages(name).values {
      for text in try MessageScanner.parse(pattern).literalText { result.formUnion(words(text)) }
    }
    return result
  }

  /// English words of en.json that the `language` catalog does not use
  /// itself: "agenda", "importance" and "description" are French too.
  static func englishOnlyWords(against language: String) throws -> Set<String> {
    try catalogWords("en").subtracting(catalogWords(language))
  }

  /// The report without the task data (titles and descriptions as the
  /// Markdown writer escapes them), the zone ID and the generator name.
  static func reportWords(_ report: String) throws -> Set<String> {
    var text = report
    let tasks = try TaskListLoader().load(TestPaths.example.path)
    let data = Set(tasks.flatMap { [$0.title, $0.details] }.filter { !$0.isEmpty }.map(MarkdownEscaping.escape))
    for item in data.sorted(by: { $0.count > $1.count }) {
      #expect(text.contains(item), "task data not found in the report: \(item)")
      text = text.replacingOccurrences(of: item, with: " ")
    }
    #expect(text.contains(zoneID) && text.contains(generator))
    text = text.replacingOccurrences(of: zoneID, with: " ").replacingOccurrences(of: generator, with: " ")
    return words(text)
  }

  @Test(
    "no English word in the reports of languages with a catalog",
    arguments: [
      ("fr_CA", "fr"), ("ar_EG", "ar"), ("ja_JP", "ja"), ("ru_RU", "ru"), ("ko_KR", "ko"), ("zh_TW", "zh_Hant"),
      ("iw_IL", "he"), ("pl_PL", "pl"), ("tr_TR", "tr"), ("hi_IN", "hi"), ("th_TH", "th"), ("vi_VN", "vi"),
      ("lt_LT", "lt"), ("fa_IR", "fa"), ("no_NO", "nb"), ("uk_UA", "uk"), ("el_GR", "el"),
    ])
  func noEnglish(locale: String, language: String) throws {
    let english = try Self.englishOnlyWords(against: language)
    #expect(english.count >= 11, "\(english.sorted())")
    let leftover = try Self.reportWords(Self.report(locale).text).intersection(english)
    #expect(leftover == [], "English in the \(locale) report: \(leftover.sorted())")
  }

  @Test("the English check finds English: the en_US report against the ja word list")
  func checkFindsEnglish() throws {
    let english = try Self.englishOnlyWords(against: "ja")
    #expect(
      english == [
        "agenda", "all", "days", "description", "details", "entry", "exact", "fields", "for", "from", "generated",
        "importance", "other", "overdue", "task", "tasks", "time", "untitled", "week", "zone",
        // mail.clipped
        "beginning", "holds", "its", "long", "mail", "message", "only", "plain", "programs", "show", "some", "text",
        "the", "this", "version", "whole",
        // mail.calendarAttached, calendar.reminder
        "attached", "calendar", "reminder",
      ])
    let found = try Self.reportWords(Self.report("en_US").text).intersection(english)
    // The other words are in messages a Markdown report does not use
    // (index.title, details.*, mail.subject, mail.clipped, section.week).
    #expect(
      found == [
        "agenda", "all", "description", "generated", "importance", "overdue", "task", "tasks", "time", "untitled",
        "zone",
      ])
    #expect(
      try Self.englishOnlyWords(against: "fr")
        == english.subtracting(["agenda", "importance", "description", "long", "message", "version"]))
  }
}
