import Foundation
import PosttimICU
import PosttimParallel
import PosttimTemplating
import Testing

@testable import PosttimReport

/// Long reports are formatted a chunk of rows per core (CSV rows, template
/// stream sections) with formatters shared by the threads: the output must
/// be the one-row-at-a-time output, in order.
@Suite("Rows formatted on several cores")
struct ChunkedRowsTests {
  /// Enough tasks for several chunks per core: one every 37 minutes from
  /// 2026-10-20 (so Toronto's 1 November fall-back night is crossed and
  /// repeated wall times carry their offset), with titles that need quoting.
  static func tasks() -> [TaskEntry] {
    let count = ChunkedRendering.chunkSize * Parallel.width * 3 + 11
    return (0..<count).map { n in
      TaskEntry(
        title: n % 7 == 0 ? "Réunion, \"salle\" \(n)" : "Tâche \(n)",
        date: Date(timeIntervalSince1970: 1_792_454_400 + Double(n) * 37 * 60),
        importance: n % 9 + 1, details: n % 5 == 0 ? "ligne 1\nligne 2" : "",
        origin: TaskOrigin(file: "t.plist", entry: n + 1))
    }
  }

  func view(_ fixture: ReportFixture) throws -> ReportView {
    let options = AgendaOptions(now: ReportFixture.now, from: LocalDay(year: 2026, month: 1, day: 1))
    return fixture.presenter.view(of: try fixture.agenda(Self.tasks(), options: options))
  }

  @Test("CSV: every row, in order, as the row's own cells")
  func csv() throws {
    let fixture = try ReportFixture()
    let view = try view(fixture)
    let writer = CSVReportWriter()
    let text = try fixture.render(writer, view)
    var expected = ""
    writer.writeRow(CSVReportWriter.header, to: &expected)
    for section in view.sections {
      for task in section.tasks {
        let cells = [
          task.dateTime, CSVFormulaGuard.neutralized(task.title), String(task.importance),
          CSVFormulaGuard.neutralized(task.details), task.dateUTC,
        ]
        writer.writeRow(cells, to: &expected)
      }
    }
    #expect(text == expected)
    #expect(parseRFC4180(text).count == Self.tasks().count + 1)
    #expect(text.contains("\n\"1 nov. 2026, 01 h 09 (UTC−05:00)\","))
    #expect(text.contains("\n\"1 nov. 2026, 01 h 32 (UTC−04:00)\","))
  }

  @Test("Markdown and HTML: the stream sections equal the same rows rendered one by one")
  func templates() throws {
    let fixture = try ReportFixture()
    let view = try view(fixture)
    for writer in [try TemplateReportWriter.markdown(options: WriterOptions()), try .html(options: WriterOptions())] {
      let chunked = try fixture.render(writer, view)
      // The same context with every stream made a list: rendered sequentially.
      let listed = try writer.template.render(
        Self.materialized(view.templateContext(showDetails: writer.showDetails)), partials: writer.partials,
        escape: writer.escape)
      #expect(chunked == listed, "\(writer.format)")
      // The listed context really holds no stream (else both sides would be chunked).
      #expect(!Self.holdsStream(Self.materialized(view.templateContext(showDetails: writer.showDetails))))
      #expect(chunked.contains("ligne 1"))
    }
  }

  /// Whether a stream is left anywhere in `value` (rows, lazy by design, are not searched).
  static func holdsStream(_ value: TemplateValue) -> Bool {
    switch value {
    case .stream: return true
    case .list(let items): return items.contains(where: holdsStream)
    case .object(let members): return members.values.contains(where: holdsStream)
    default: return false
    }
  }

  /// `value` with every stream read into a list.
  static func materialized(_ value: TemplateValue) -> TemplateValue {
    switch value {
    case .stream(let stream): return .list(stream.map(materialized))
    case .list(let items): return .list(items.map(materialized))
    case .object(let members): return .object(members.mapValues(materialized))
    case .lazyObject(let object):
      // The report and its sections: every member read out, so the streams inside become lists.
      return .object(Dictionary(uniqueKeysWithValues: object.keys.map { ($0, materialized(object[$0] ?? .null)) }))
    default: return value
    }
  }

  @Test("one formatter used by several threads at once gives each its own instant's text")
  func sharedFormatter() throws {
    let formatter = try DateFormatting.formatter(
      for: .skeleton("yMMMdjms"), locale: LocaleIdentifier("fr_CA"), timeZone: TimeZoneIdentifier("America/Toronto"))
    let dates = (0..<4000).map { Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 7919) }
    let sequential = dates.map(formatter.string(from:))
    let parallel = Parallel.map(dates.count) { formatter.string(from: dates[$0]) }
    #expect(parallel == sequential)
    #expect(formatter.firstFailure == nil)
  }
}
