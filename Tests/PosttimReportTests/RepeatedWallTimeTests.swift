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
    let locale = try LocaleIdentifier("fr_CA")
    let settings = ReportSettings(
      locale: locale, timeZone: try TimeZoneIdentifier("America/Toronto"), timeFormat: format,
      generator: "posttim-report (tests)")
    let calendar = try DayCalendar(timeZone: settings.timeZone, locale: locale)
    let presenter = try ReportPresenter(
      settings: settings, calendar: calendar, catalog: MessageCatalog(locale: locale, resources: EmbeddedResources()))
    let tasks = [
      TaskEntry(title: "a", date: Self.first, importance: 5), TaskEntry(title: "b", date: Self.second, importance: 5),
    ]
    let agenda = AgendaBuilder(calendar: calendar, collator: try ICUCollator(locale: locale)).build(
      tasks, options: AgendaOptions(now: ReportFixture.now, from: LocalDay(year: 2026, month: 11, day: 1)))
    return presenter.view(of: agenda).sections.flatMap { $0.tasks.map { [$0.when, $0.dateTime, $0.exactWhen] } }
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
}
