import Foundation
import PosttimICU
import PosttimTemplating
import Testing

@testable import PosttimReport

/// A row's times, importance and source line are lent as UTF-8 from the
/// presenter's kept texts (date and time parts joined on the stack, the
/// entry number formatted into a stack buffer): each must be the
/// member's own text, in day, overdue and week sections, before and after
/// the kept parts open, for a repeated wall time and a year needing its era.
@Suite("A task row's lent formatted texts")
struct TaskViewLentFormattedTextTests {
  static let lentNames: Set = ["when", "dateTime", "exactWhen", "sourceLine", "importanceText"]

  /// Tasks from 40 days before the fixture's now to 40 days after, every
  /// 7 h 13 min 20 s (past ``DateTimeStrings/directCalls``), the two 01:30 of
  /// Toronto's fall-back night, years 0 and 10000, and assorted origins.
  static func tasks() -> [TaskEntry] {
    let now = ReportFixture.now
    let step: TimeInterval = 26_000  // 7 h 13 min 20 s
    var dates: [Date] = stride(from: -3_456_000, to: 3_456_000, by: step).map { now.addingTimeInterval($0) }
    dates += [
      Date(timeIntervalSince1970: 1_793_511_000),  // 2026-11-01T05:30Z, 01:30 EDT
      Date(timeIntervalSince1970: 1_793_514_600),  // 2026-11-01T06:30Z, 01:30 EST
      Date(timeIntervalSince1970: -62_167_219_200),  // 0000-01-01T00:00Z
      Date(timeIntervalSince1970: 253_402_300_800),  // 10000-01-01T00:00Z
    ]
    let files = ["-", "dir/liste.plist", "", "/", "a <b> & 'c'.plist", "dossier/sous-dossier/liste.plist"]
    return dates.enumerated().map { index, date in
      TaskEntry(
        title: "t\(index)", date: date, importance: index % 11, details: "",
        origin: TaskOrigin(file: files[index % files.count], entry: index * 997 + 1))
    }
  }

  @Test(
    "each lent time, importance and source line is the member's text",
    arguments: [
      ("fr_CA", AgendaOptions.Grouping.day, false), ("fr_CA", .day, true), ("ar_EG", .day, false),
      ("en_US", .week, false), ("ja_JP", .day, true),
    ])
  func lentFormattedTextsAreTheMembers(locale: String, grouping: AgendaOptions.Grouping, daySections: Bool) throws {
    let fixture = try ReportFixture(locale: locale)
    let tasks = Self.tasks()
    // A `from` day makes every past day its own section (no overdue one).
    let from = daySections ? LocalDay(year: 2026, month: 10, day: 1) : nil
    let options = AgendaOptions(now: ReportFixture.now, from: from, grouping: grouping)
    let view = fixture.presenter.view(of: try fixture.agenda(tasks, options: options))
    var lent = 0
    var plainTimes = 0
    for task in view.sections.flatMap(\.tasks) {
      for (position, field) in TaskView.fields.enumerated() where Self.lentNames.contains(field.name) {
        var bytes: [UInt8]?
        var lentPlain = false
        let wasLent = task.withUTF8(ofMember: position) { text, isPlain in
          bytes = Array(text)
          lentPlain = isPlain
        }
        #expect(wasLent, "\(field.name) lent")
        lent += 1
        guard case .string(let text) = task.member(at: position) else {
          Issue.record("\(field.name) lent but not text")
          continue
        }
        #expect(bytes == Array(text.utf8), "\(field.name) of \(task.dateUTC) in \(locale)")
        #expect(!lentPlain || PlainText.isPlain(text), "\(field.name) \(text) lent as plain")
        switch field.name {
        case "importanceText":
          // 0…9 in the locale's digits; a number a library caller put
          // beyond them is not known to be plain.
          #expect(lentPlain == (0...9).contains(task.importance), "\(text) lent as plain: \(lentPlain)")
        case "sourceLine":
          #expect(!lentPlain)
        default:
          // A kept time is lent as plain when it is ordinary; one formatted
          // whole (an era, a repeated wall time, the first values) is not.
          #expect(!lentPlain || OrdinaryText.isOrdinary(text), "\(field.name) \(text)")
          plainTimes += lentPlain ? 1 : 0
        }
      }
    }
    #expect(lent > 5 * 200)
    // Every locale here but Arabic prints its times with ordinary characters
    // (Egyptian Arabic's dates hold right-to-left marks, format characters).
    #expect(locale == "ar_EG" || plainTimes > 200, "\(plainTimes) times lent as plain")
  }

  @Test("an importance text holding markup is not lent as plain, and the HTML report escapes it")
  func importanceTextWithMarkupIsEscaped() throws {
    let locale = try LocaleIdentifier("fr_CA")
    let english = try #require(ShippedCatalogs.resources.text(at: "messages/en.json"))
    let resources = MemoryResources(files: [
      "messages/en.json": english, "messages/fr.json": #"{"importance.value": "<{importance, number}> & 'co'"}"#,
    ])
    let fixture = try ReportFixture()
    let presenter = try fixture.presenter(
      changing: { _ in }, catalog: MessageCatalog(locale: locale, resources: resources, warn: { _ in }))
    let task = TaskEntry(title: "t", date: ReportFixture.now.addingTimeInterval(3_600), importance: 7)
    let view = presenter.view(of: try fixture.agenda([task]))
    let row = try #require(view.sections.first?.tasks.first)
    let position = try #require(TaskView.fields.firstIndex { $0.name == "importanceText" })
    var lentPlain = true
    #expect(row.withUTF8(ofMember: position) { _, isPlain in lentPlain = isPlain })
    #expect(!lentPlain)
    let html = try fixture.render(try TemplateReportWriter.html(options: WriterOptions()), view)
    #expect(html.contains(">&lt;7&gt; &amp; &#39;co&#39;</span>"))
  }

  @Test("kept times holding markup are escaped in the HTML report, row after row")
  func keptTimesWithMarkupAreEscaped() throws {
    let fixture = try ReportFixture()
    let presenter = try fixture.presenter { $0.timeFormat = .pattern("HH:mm '<&>' ''") }
    // Past the values formatted whole, the rest lent from kept texts.
    let tasks = (0..<200).map {
      TaskEntry(title: "t\($0)", date: ReportFixture.now.addingTimeInterval(Double($0) * 60), importance: 5)
    }
    let view = presenter.view(of: try fixture.agenda(tasks))
    let html = try fixture.render(try TemplateReportWriter.html(options: WriterOptions()), view)
    #expect(!html.contains("<&>"))
    #expect(html.components(separatedBy: "09:05 &lt;&amp;&gt; &#39;").count - 1 == 2)  // the list's and the details'
    #expect(html.components(separatedBy: " &lt;&amp;&gt; &#39;</b>").count - 1 == 200)  // each row's time
  }
}
