import Foundation
import PosttimReport
import Testing

/// The HTML report's weight: Gmail clips an HTML message above about
/// 102 KB, so an agenda row costs at most ``rowBudget`` bytes, its text
/// included (everyday lengths), the fixed part at most ``fixedBudget``, and
/// a detail at most ``detailBudget``: a day of 100 tasks fits, with details too.
/// Per task, the HTML stays within 3× the CSV of the same report.
@Suite("HTML weight budget")
struct HTMLWeightTests {
  static let rowBudget = 400
  static let detailBudget = 400
  static let fixedBudget = 4_000
  static let gmailClip = 102 * 1024

  /// `count` tasks on today (30 November 2026, Toronto), with titles and
  /// descriptions of everyday length (40 and 60 characters, accents included).
  static func day(of count: Int) -> [TaskEntry] {
    (0..<count).map { index in
      TaskEntry(
        title: "Tâche \(index): appeler le fournisseur à propos".padding(toLength: 40, withPad: ".", startingAt: 0),
        date: ReportFixture.now.addingTimeInterval(Double(index * 60)),
        importance: index % 9 + 1,
        details: "Préparer les chiffres du trimestre et la liste des questions".padding(
          toLength: 60, withPad: ".", startingAt: 0),
        origin: TaskOrigin(file: "listeDesTaches.plist", entry: index + 1))
    }
  }

  static func bytes(_ format: String, tasks: Int, details: Bool? = nil) throws -> Int {
    let fixture = try ReportFixture()
    var options = WriterOptions()
    options.showDetails = details
    let writer = try #require(try WriterRegistry.standard.writer(for: format, options: options))
    return try fixture.render(writer, fixture.presenter.view(of: fixture.agenda(day(of: tasks)))).utf8.count
  }

  @Test("a row costs at most 400 bytes, the fixed part at most 4,000; 100 tasks stay under Gmail's clip")
  func agendaRows() throws {
    let (hundred, twoHundred) = (
      try Self.bytes("html", tasks: 100, details: false), try Self.bytes("html", tasks: 200, details: false)
    )
    let perRow = (twoHundred - hundred) / 100
    let fixed = hundred - 100 * perRow
    print("HTML without details: \(perRow) bytes per task, \(fixed) fixed, 100 tasks = \(hundred) bytes")
    #expect(perRow <= Self.rowBudget)
    #expect(fixed <= Self.fixedBudget)
    #expect(hundred < Self.gmailClip)
  }

  @Test("details add at most 400 bytes per task; 100 tasks with details stay under Gmail's clip")
  func detailRows() throws {
    let (withDetails, without) = (
      try Self.bytes("html", tasks: 200, details: true), try Self.bytes("html", tasks: 200, details: false)
    )
    let perTask = (withDetails - without) / 200
    print("HTML details: \(perTask) more bytes per task")
    #expect(perTask <= Self.detailBudget)
    #expect(try Self.bytes("html", tasks: 100, details: true) < Self.gmailClip)
  }

  @Test("HTML bytes per task within 3× the CSV's")
  func againstCSV() throws {
    func perTask(_ format: String, details: Bool? = nil) throws -> Double {
      Double(try Self.bytes(format, tasks: 300, details: details) - Self.bytes(format, tasks: 100, details: details))
        / 200
    }
    let csv = try perTask("csv")
    let html = try perTask("html", details: false)
    let htmlDetails = try perTask("html", details: true)
    print(
      "bytes per task: csv \(csv), html \(html) (\(html / csv)×), html with details \(htmlDetails) (\(htmlDetails / csv)×)"
    )
    #expect(html <= 3 * csv)
  }
}
