import Foundation
import PosttimICU
import PosttimReport
import Testing

/// 1:30 on 1 November 2026 occurs twice in Toronto (EDT, then EST). A
/// skeleton's output gets the UTC offset to tell them apart; a pattern is
/// verbatim. Expected strings by hand from UTS #35 (`xxx` is `-04:00`), and
/// for `jmz` from the ICU oracle fixture (fr_CA `HH 'h' mm z`).
@Suite("Repeated wall times")
struct RepeatedWallTimeTests {
  static let first = Date(timeIntervalSince1970: 1_793_511_000)  // 2026-11-01T05:30:00Z, 01:30 EDT
  static let second = Date(timeIntervalSince1970: 1_793_514_600)  // 2026-11-01T06:30:00Z, 01:30 EST

  /// (section `when`, CSV `dateTime`, details `exactWhen`) of both tasks,
  /// in a day section of 1 November.
  func texts(_ format: DateFormatSpec) throws -> [[String]] {
    try view(format).sections.flatMap { $0.tasks.map { [$0.when, $0.dateTime, $0.exactWhen] } }
  }

  /// The report of both tasks, in a day section of 1 November.
  func view(_ format: DateFormatSpec) throws -> ReportView {
    try Self.view(
      format, locale: "fr_CA", zone: "America/Toronto", tasks: [Self.first, Self.second],
      day: LocalDay(year: 2026, month: 11, day: 1))
  }

  /// The report of a task at each of `tasks`, in a day section of `day`.
  static func view(
    _ format: DateFormatSpec, locale localeID: String, zone: String, tasks: [Date], day: LocalDay
  ) throws -> ReportView {
    let locale = try LocaleIdentifier(localeID)
    let settings = ReportSettings(
      locale: locale, timeZone: try TimeZoneIdentifier(zone), timeFormat: format,
      generator: "posttim-report (tests)")
    let calendar = try DayCalendar(timeZone: settings.timeZone, locale: locale)
    let presenter = try ReportPresenter(
      settings: settings, calendar: calendar, catalog: MessageCatalog(locale: locale, resources: EmbeddedResources()))
    let entries = tasks.enumerated().map { TaskEntry(title: "t\($0.offset)", date: $0.element, importance: 5) }
    let agenda = AgendaBuilder(calendar: calendar, collator: try ICUCollator(locale: locale)).build(
      entries, options: AgendaOptions(now: ReportFixture.now, from: day))
    return presenter.view(of: agenda)
  }

  @Test("a pattern is verbatim, even for a repeated wall time")
  func patternVerbatim() throws {
    #expect(
      try texts(.pattern("yyyy.MM.dd HH:mm")) == [
        ["2026.11.01 01:30", "2026.11.01 01:30", "2026.11.01 01:30 (UTC−04:00)"],
        ["2026.11.01 01:30", "2026.11.01 01:30", "2026.11.01 01:30 (UTC−05:00)"],
      ])
    // The offset the pattern prints is not printed twice.
    #expect(
      try texts(.pattern("yyyy.MM.dd HH:mm xxx")) == [
        ["2026.11.01 01:30 -04:00", "2026.11.01 01:30 -04:00", "2026.11.01 01:30 -04:00"],
        ["2026.11.01 01:30 -05:00", "2026.11.01 01:30 -05:00", "2026.11.01 01:30 -05:00"],
      ])
  }

  @Test("a skeleton gets the offset only when its pattern shows no zone")
  func skeletonDisambiguated() throws {
    #expect(try texts(.skeleton("jm")).map { $0[0] } == ["01 h 30 (UTC−04:00)", "01 h 30 (UTC−05:00)"])
    #expect(try texts(.skeleton("jmz")).map { $0[0] } == ["01 h 30 HAE", "01 h 30 HNE"])
  }

  /// Zone fields that print the same text for both occurrences: generic
  /// (`v`) and location (`V`) names, with fr_CA's text for each.
  static let sameForBoth: [(skeleton: String, zone: String)] = [
    ("jmv", "HE"), ("jmvvvv", "heure de l’Est"), ("jmVV", "America/Toronto"), ("jmVVV", "Toronto"),
    ("jmVVVV", "heure : Toronto"),
  ]

  @Test("a generic or location zone gets the offset, which it does not show", arguments: sameForBoth)
  func sameZoneTextGetsOffset(skeleton: String, zone: String) throws {
    #expect(
      try texts(.skeleton(skeleton)) == [
        [
          "01 h 30 \(zone) (UTC−04:00)", "1 nov. 2026, 01 h 30 \(zone) (UTC−04:00)",
          "1 nov. 2026, 01 h 30 \(zone) (UTC−04:00)",
        ],
        [
          "01 h 30 \(zone) (UTC−05:00)", "1 nov. 2026, 01 h 30 \(zone) (UTC−05:00)",
          "1 nov. 2026, 01 h 30 \(zone) (UTC−05:00)",
        ],
      ])
  }

  /// Each skeleton's `when` for both occurrences: the offset added to a
  /// generic or location zone, nothing added to an offset or specific name.
  static let writtenWhens: [(skeleton: String, whens: [String])] =
    sameForBoth.map { ($0.skeleton, ["01 h 30 \($0.zone) (UTC−04:00)", "01 h 30 \($0.zone) (UTC−05:00)"]) }
    + [("jmz", ["01 h 30 HAE", "01 h 30 HNE"]), ("jmO", ["01 h 30 UTC−4", "01 h 30 UTC−5"])]
    + [("jmx", ["01 h 30 -04", "01 h 30 -05"])]

  @Test("the written Markdown and JSON tell both occurrences apart", arguments: writtenWhens)
  func writtenReportsTellApart(skeleton: String, whens: [String]) throws {
    let view = try view(.skeleton(skeleton))
    var markdown = ""
    try TemplateReportWriter.markdown(options: WriterOptions()).write(view, to: &markdown)
    let cells = markdown.split(separator: "\n").filter { $0.hasPrefix("| 01 h 30") }.map {
      $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
    }
    #expect(cells == whens)
    var json = ""
    try JSONReportWriter(generatorVersion: "0.0.0-test").write(view, to: &json)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let tasks = try #require(root["sections"] as? [[String: Any]]).flatMap { $0["tasks"] as? [[String: Any]] ?? [] }
    #expect(tasks.map { $0["when"] as? String } == whens)
    #expect(tasks.map { $0["exactWhen"] as? String } == whens.map { "1 nov. 2026, " + $0 })
  }

  @Test(
    "a zone field printing the offset or the daylight/standard name gets nothing added",
    arguments: [("jmz", ["HAE", "HNE"]), ("jmO", ["UTC−4", "UTC−5"]), ("jmx", ["-04", "-05"])])
  func distinguishingZoneKept(skeleton: String, zones: [String]) throws {
    #expect(
      try texts(.skeleton(skeleton))
        == zones.map {
          ["01 h 30 \($0)", "1 nov. 2026, 01 h 30 \($0)", "1 nov. 2026, 01 h 30 \($0)"]
        })
  }

  @Test("a zone letter in quotes is text: the exact time still gets the offset")
  func quotedZoneLetterIsText() throws {
    #expect(
      try texts(.pattern("HH:mm 'v z O'")).map { $0[2] } == [
        "01:30 v z O (UTC−04:00)", "01:30 v z O (UTC−05:00)",
      ])
    #expect(
      try texts(.pattern("HH:mm 'v' VVV")).map { $0[2] } == [
        "01:30 v Toronto (UTC−04:00)", "01:30 v Toronto (UTC−05:00)",
      ])
  }
}
