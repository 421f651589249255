import Foundation
import PosttimReport
import Testing
import TestSupport

/// The DocC article "Using the package": its example is
/// `LibraryExample/LibraryExample.swift`, compiled into this test target and run here.
@Suite("Library example of the DocC article")
struct LibraryExampleTests {
  static let article =
    (try? String(
      contentsOf: TestPaths.packageRoot.appending(path: "Sources/PosttimReport/PosttimReport.docc/UsingThePackage.md"),
      encoding: .utf8)) ?? ""
  static let readme =
    (try? String(contentsOf: TestPaths.packageRoot.appending(path: "README.md"), encoding: .utf8)) ?? ""
  static let source = TestPaths.packageRoot.appending(
    path: "Tests/PosttimReportTests/LibraryExample/LibraryExample.swift")

  @Test("the article shows the compiled file, byte for byte")
  func sameText() throws {
    let marker =
      "<!-- compiled and run by the tests: Tests/PosttimReportTests/LibraryExample/LibraryExample.swift -->\n```swift\n"
    let start = try #require(Self.article.range(of: marker))
    let end = try #require(Self.article.range(of: "```\n", range: start.upperBound..<Self.article.endIndex))
    #expect(
      String(Self.article[start.upperBound..<end.lowerBound]) == (try String(contentsOf: Self.source, encoding: .utf8)))
  }

  @Test("it renders today and tomorrow of the example, and writes the iCalendar file")
  func runs() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-library-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let ics = folder.appending(path: "agenda.ics").path
    let markdown = try frenchAgenda(of: TestPaths.example.path, now: ReportFixture.now, icsPath: ics)
    // Today's section as the README's main example shows it (that example is
    // checked against the CLI's output by ReadmeExampleTests).
    let readme = Self.readme
    let start = try #require(readme.range(of: "## Aujourd’hui — lundi 30 novembre 2026\n"))
    let end = try #require(
      readme.range(of: "## Demain — mardi 1 décembre 2026\n", range: start.upperBound..<readme.endIndex))
    #expect(markdown.contains(String(readme[start.lowerBound..<end.lowerBound])))
    #expect(!markdown.contains("En retard"))
    let calendar = try String(contentsOfFile: ics, encoding: .utf8)
    // 5 tasks today and 4 tomorrow in the example (AgendaTests).
    #expect(calendar.components(separatedBy: "BEGIN:VEVENT\r\n").count - 1 == 9)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["agenda.ics"])
  }
}
