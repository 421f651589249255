import Foundation
import PosttimICU
import PosttimReport
import Testing
import TestSupport

/// A format registered from outside the library (here, in a test target)
/// works for one locale and for several, through the registry and an
/// existential writer, with no change to the library.
@Suite("A writer registered from outside the library")
struct ExternalWriterTests {
  /// An Org-mode outline: the simplest possible outside format, which
  /// keeps the protocol's several-locale default.
  struct OrgWriter: ReportWriter {
    let format = "org"
    func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) {
      output.write("* \(report.title) (\(report.localeID))\n")
      for section in report.sections {
        output.write("** \(section.title)\n")
        for task in section.tasks { output.write("*** \(task.when) \(task.displayTitle)\n") }
      }
    }
  }

  /// The same, with its own several-locale layout: one outline whose
  /// top headings are the locales, named in their own language.
  struct OrgByLocaleWriter: ReportWriter {
    let format = "org-locales"
    func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) {
      OrgWriter().write(report, to: &output)
    }
    func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) {
      output.write("#+TITLE: \(reports.map(\.nativeLocaleName).joined(separator: " / "))\n")
      for report in reports { OrgWriter().write(report, to: &output) }
    }
  }

  /// The example's views in `locales`, of one agenda (ordered by the first).
  func views(_ locales: [String]) throws -> [ReportView] {
    let first = try ReportFixture(locale: locales[0])
    let agenda = try first.agenda(TaskListLoader().load(TestPaths.example.path))
    return try locales.map { try ReportFixture(locale: $0).presenter.view(of: agenda) }
  }

  func render(_ format: String, _ views: [ReportView]) throws -> String {
    var registry = WriterRegistry.standard
    registry.register("org", summary: "Org-mode outline") { _ in OrgWriter() }
    registry.register("org-locales", summary: "Org-mode outline by locale") { _ in OrgByLocaleWriter() }
    let writer = try #require(try registry.writer(for: format, options: WriterOptions()))
    var text = ""
    try writer.write(views, to: &text)
    return text
  }

  @Test("one locale: exactly the writer's own output")
  func oneLocale() throws {
    let view = try views(["fr_CA"])[0]
    var own = ""
    OrgWriter().write(view, to: &own)
    #expect(try render("org", [view]) == own)
    #expect(own.hasPrefix("* Agenda (fr_CA)\n** En retard\n"))
  }

  @Test("several locales: the protocol's default writes each locale's report in turn")
  func severalByDefault() throws {
    let views = try views(["fr_CA", "ar_EG"])
    var french = "", arabic = ""
    OrgWriter().write(views[0], to: &french)
    OrgWriter().write(views[1], to: &arabic)
    #expect(try render("org", views) == french + arabic)
    #expect(arabic.hasPrefix("* جدول الأعمال (ar_EG)\n"))
    // One agenda: both locales list the same tasks in the same order.
    #expect(french.split(separator: "\n").count == arabic.split(separator: "\n").count)
  }

  @Test("several locales: the writer's own layout is used through the registry")
  func severalOverridden() throws {
    let views = try views(["fr_CA", "ar_EG"])
    let text = try render("org-locales", views)
    #expect(text.hasPrefix("#+TITLE: français (Canada) / العربية (مصر)\n* Agenda (fr_CA)\n"))
    #expect(text.contains("\n* جدول الأعمال (ar_EG)\n"))
  }
}
