import Foundation
import PosttimICU
import PosttimReport
import Testing
import TestSupport

/// The spreadsheet options of the CSV writer: delimiter, byte order mark
/// and formula neutralization (OWASP "CSV injection").
@Suite("CSV options")
struct CSVOptionsTests {
  static let due = Date(timeIntervalSince1970: 1_796_047_200 + 3600)  // 2026-11-30T15:00:00Z, 10 h 00 in Toronto

  func view(_ tasks: [TaskEntry], fixture: ReportFixture) throws -> ReportView {
    fixture.presenter.view(of: try fixture.agenda(tasks))
  }

  @Test("the registry passes delimiter, BOM and neutralization from the CSV writer's options")
  func registryPassesOptions() throws {
    var options = WriterOptions()
    options[CSVReportWriter.Options.self] = .init(delimiter: ";", byteOrderMark: true, neutralizeFormulas: false)
    let writer = try #require(try WriterRegistry.standard.writer(for: "csv", options: options) as? CSVReportWriter)
    #expect(writer.delimiter == ";")
    #expect(writer.byteOrderMark)
    #expect(!writer.neutralizeFormulas)
    let defaults = try #require(
      try WriterRegistry.standard.writer(for: "csv", options: WriterOptions()) as? CSVReportWriter)
    #expect(defaults.delimiter == ",")
    #expect(!defaults.byteOrderMark)
    #expect(defaults.neutralizeFormulas)
  }

  @Test("delimiter ';': the example's formula row, comma kept unquoted, ';' quoted")
  func semicolon() throws {
    let fixture = try ReportFixture()
    let text = try fixture.render(CSVReportWriter(delimiter: ";"), fixture.exampleView())
    #expect(text.hasPrefix("date;tache;importance;description;date_utc\r\n"))
    #expect(
      text.contains(
        "\r\n7 déc. 2026, 10 h 00;'=SOMME(A1:A9) vérifier le budget;5;"
          + "\"'+ revoir les dépenses; -20 % sur les sorties; @tous\";2026-12-07T15:00:00Z\r\n"))
    #expect(
      text.contains(
        "\r\n1 nov. 2026, 01 h 30 (UTC−05:00);Vérifier les réveils (2e fois 1 h 30);2;"
          + "Même heure murale, une heure plus tard.;2026-11-01T06:30:00Z\r\n"))
  }

  @Test("byte order mark: EF BB BF before the header, only when asked")
  func byteOrderMark() throws {
    let fixture = try ReportFixture()
    let view = try view([TaskEntry(title: "A", date: Self.due, importance: 5)], fixture: fixture)
    let with = Array(try fixture.render(CSVReportWriter(byteOrderMark: true), view).utf8)
    #expect(Array(with.prefix(8)) == [0xEF, 0xBB, 0xBF] + Array("date,".utf8))
    let without = Array(try fixture.render(CSVReportWriter(), view).utf8)
    #expect(Array(without.prefix(5)) == Array("date,".utf8))
    #expect(with.count == without.count + 3)
  }

  @Test("neutralization: each trigger character, on and off", arguments: ["=", "+", "-", "@", "\t", "\r"])
  func neutralization(trigger: String) throws {
    let fixture = try ReportFixture()
    let title = trigger + "1+1"
    let details = trigger + "cmd|' /C calc'!A0"
    let view = try view([TaskEntry(title: title, date: Self.due, importance: 5, details: details)], fixture: fixture)
    let on = parseRFC4180(try fixture.render(CSVReportWriter(), view))
    #expect(on[1] == ["30 nov. 2026, 10 h 00", "'" + title, "5", "'" + details, "2026-11-30T15:00:00Z"])
    let off = parseRFC4180(try fixture.render(CSVReportWriter(neutralizeFormulas: false), view))
    #expect(off[1] == ["30 nov. 2026, 10 h 00", title, "5", details, "2026-11-30T15:00:00Z"])
  }

  @Test("neutralization leaves other cells and inner triggers alone")
  func neutralizationScope() {
    #expect(CSVFormulaGuard.neutralized("=SUM(A1:A9)") == "'=SUM(A1:A9)")
    #expect(CSVFormulaGuard.neutralized("\r\nline") == "'\r\nline")
    #expect(CSVFormulaGuard.neutralized("a=b") == "a=b")
    #expect(CSVFormulaGuard.neutralized(" =x") == " =x")
    #expect(CSVFormulaGuard.neutralized("") == "")
    #expect(CSVFormulaGuard.neutralized("'=x") == "'=x")
    #expect(CSVFormulaGuard.neutralized("－1") == "－1")  // U+FF0D, not a trigger
  }

  @Test("the date columns are never neutralized, even when a pattern starts with '-'")
  func dateColumnsUntouched() throws {
    let base = try ReportFixture()
    let presenter = try base.presenter { $0.timeFormat = .pattern("'-'HH:mm") }
    let view = presenter.view(of: try base.agenda([TaskEntry(title: "-x", date: Self.due, importance: 5)]))
    let rows = parseRFC4180(try base.render(CSVReportWriter(), view))
    #expect(rows[1] == ["-10:00", "'-x", "5", "", "2026-11-30T15:00:00Z"])
  }

  @Test("quoting compares Unicode scalars: a delimiter or quote with a combining mark is still quoted")
  func combiningMarks() {
    let writer = CSVReportWriter()
    #expect(writer.quoted("a,\u{301}b") == "\"a,\u{301}b\"")
    // CR LF is one ASCII Character: as a (library caller's) delimiter it is written whole.
    var crlf = ""
    CSVReportWriter(delimiter: "\r\n").writeRow(["a", "b"], to: &crlf)
    #expect(crlf == "a\r\nb\r\n")
    #expect(writer.quoted("say \"\u{301}") == "\"say \"\"\u{301}\"")
    #expect(CSVReportWriter(delimiter: "\t").quoted("a\tb") == "\"a\tb\"")
    #expect(CSVReportWriter(delimiter: ";").quoted("x;\u{20DD}") == "\"x;\u{20DD}\"")
  }
}
