import Foundation
import PosttimICU
import PosttimReport
import Testing

/// 01:30 on 26 October 2014 occurs twice in Moscow: the standard offset
/// went from +04 to +03, with no daylight time, so the specific zone name
/// (`zzzz`, "Moscow Standard Time") is the same text for both. Whatever the
/// pattern's fields, equal texts get the UTC offset; the `en_US` texts are
/// ICU 74's, the offsets UTS #35 `OOOO`.
@Suite("Repeated wall times with equal texts")
struct RepeatedWallTimeSameTextTests {
  static let first = Date(timeIntervalSince1970: 1_414_272_600)  // 2014-10-25T21:30:00Z, 01:30 +04
  static let second = Date(timeIntervalSince1970: 1_414_276_200)  // 2014-10-25T22:30:00Z, 01:30 +03

  func view(_ format: DateFormatSpec = .skeleton("Hmzzzz")) throws -> ReportView {
    try RepeatedWallTimeTests.view(
      format, locale: "en_US", zone: "Europe/Moscow", tasks: [Self.first, Self.second],
      day: LocalDay(year: 2014, month: 10, day: 26))
  }

  static let whens = ["01:30 Moscow Standard Time (GMT+04:00)", "01:30 Moscow Standard Time (GMT+03:00)"]
  static let exactWhens = [
    "Oct 26, 2014, 01:30 Moscow Standard Time (GMT+04:00)", "Oct 26, 2014, 01:30 Moscow Standard Time (GMT+03:00)",
  ]

  @Test("a specific zone name that stays the same gets the offset in when, dateTime and exactWhen")
  func sameSpecificNameGetsOffset() throws {
    let tasks = try view().sections.flatMap(\.tasks)
    #expect(tasks.map(\.when) == Self.whens)
    #expect(tasks.map(\.dateTime) == Self.exactWhens)
    #expect(tasks.map(\.exactWhen) == Self.exactWhens)
  }

  @Test("the written Markdown and JSON tell both occurrences apart")
  func writtenReportsTellApart() throws {
    let view = try view()
    var markdown = ""
    try TemplateReportWriter.markdown(options: WriterOptions()).write(view, to: &markdown)
    let cells = markdown.split(separator: "\n").filter { $0.hasPrefix("| 01:30") }.map {
      $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
    }
    #expect(cells == Self.whens)
    var json = ""
    try JSONReportWriter(generatorVersion: "0.0.0-test").write(view, to: &json)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let tasks = try #require(root["sections"] as? [[String: Any]]).flatMap { $0["tasks"] as? [[String: Any]] ?? [] }
    #expect(tasks.map { $0["when"] as? String } == Self.whens)
    #expect(tasks.map { $0["exactWhen"] as? String } == Self.exactWhens)
  }

  @Test("a pattern is verbatim in when and dateTime; the exact time gets the offset")
  func patternExactTimeGetsOffset() throws {
    let tasks = try view(.pattern("HH:mm zzzz")).sections.flatMap(\.tasks)
    let plain = "01:30 Moscow Standard Time"
    #expect(tasks.map(\.when) == [plain, plain])
    #expect(tasks.map(\.dateTime) == [plain, plain])
    #expect(tasks.map(\.exactWhen) == [plain + " (GMT+04:00)", plain + " (GMT+03:00)"])
  }
}
