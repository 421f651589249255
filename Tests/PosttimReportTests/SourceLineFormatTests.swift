import Foundation
import PosttimICU
import Testing

@testable import PosttimReport

/// A detail's source line assembled from the catalog's message without
/// MessageFormat must be the catalog's own line, in every shipped
/// language; messages it cannot take apart go through MessageFormat.
@Suite("Detail source line: assembled as the catalog formats it")
struct SourceLineFormatTests {
  static let entries = [1, 7, 10, 999, 1_000, 9_999, 10_000, 17_444, 100_000, 1_234_567, 12_345_678]

  /// Every shipped catalog, with a locale that uses it (and one with its
  /// own digits: ar_EG, fa_IR, bn_BD, hi_IN@numbers=deva).
  static var locales: [String] {
    let names = EmbeddedResources().paths(under: "messages/").compactMap { path -> String? in
      guard path.hasSuffix(".json") else { return nil }
      return String(path.dropFirst("messages/".count).dropLast(".json".count))
    }
    return names.sorted() + ["ar_EG", "fa_IR", "bn_BD", "hi_IN@numbers=deva", "fr_CA", "de_CH", "es_ES", "pl_PL"]
  }

  @Test("the assembled lines are the catalog's, in every catalog", arguments: locales)
  func everyCatalog(locale: String) throws {
    let fixture = try ReportFixture(locale: locale)
    let catalog = fixture.presenter.catalog
    let format = try #require(
      SourceLineFormat(catalog: catalog) { ReportPresenter.catalogSourceLine(catalog, file: $0, entry: $1) })
    for entry in Self.entries {
      for file in ["listeDesTaches.plist", "t.xml", "été 2026.plist"] {
        let assembled = file.withUTF8Bytes { format.line(fileName: $0, entry: entry) }
        #expect(assembled == ReportPresenter.catalogSourceLine(catalog, file: file, entry: entry))
      }
    }
    let line = fixture.presenter.sourceLine(TaskOrigin(file: "dir/sub/a.plist", entry: 17_444))
    #expect(line == ReportPresenter.catalogSourceLine(catalog, file: "a.plist", entry: 17_444))
    #expect(
      fixture.presenter.sourceLine(TaskOrigin(file: "-", entry: 3))
        == ReportPresenter.catalogSourceLine(catalog, file: "stdin", entry: 3))
  }

  @Test("French: the entry in French grouping")
  func french() throws {
    let fixture = try ReportFixture(locale: "fr_CA")
    #expect(
      fixture.presenter.sourceLine(TaskOrigin(file: "/tmp/tasks.xml", entry: 17_444))
        == "Tiré de tasks.xml, entrée 17\u{A0}444")
  }

  /// Messages a user's catalog may hold that are not plain text around
  /// the two arguments: no assembled format; the catalog formats them.
  @Test(
    "plural, select, quotes and other arguments go through MessageFormat",
    arguments: [
      "{file}: {entry, plural, one {# entry} other {# entries}}",
      "From '{file}', entry {entry, number}",
      "From {file}, entry {entry, number, integer}",
      "From {file}, entry {entry, number} ({ file })",
      "{file, select, other {From {file}}}, entry {entry}",
      "From {file}, entry {entry",
    ])
  func otherMessages(pattern: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("source-line-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("messages"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = String(data: try JSONSerialization.data(withJSONObject: ["details.source": pattern]), encoding: .utf8)!
    try json.write(to: folder.appendingPathComponent("messages/en.json"), atomically: true, encoding: .utf8)
    let locale = try LocaleIdentifier("en_US")
    let catalog = MessageCatalog(locale: locale, resources: try DirectoryResources(root: folder))
    #expect(
      SourceLineFormat(catalog: catalog) { ReportPresenter.catalogSourceLine(catalog, file: $0, entry: $1) } == nil)
    let fixture = try ReportFixture(locale: "en_US")
    let presenter = try ReportPresenter(settings: fixture.settings, calendar: fixture.calendar, catalog: catalog)
    for entry in [1, 2, 1_234] {
      #expect(
        presenter.sourceLine(TaskOrigin(file: "a/b.plist", entry: entry))
          == catalog.text(.detailsSource, ["file": .string("b.plist"), "entry": .number(Double(entry))]))
    }
  }

  @Test("a plain message in a user's catalog is assembled, and equals MessageFormat's line")
  func plainUserMessage() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("source-line-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("messages"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try ##"{"details.source": "#{entry} ← {file} ({entry})"}"##.write(
      to: folder.appendingPathComponent("messages/en.json"), atomically: true, encoding: .utf8)
    let catalog = MessageCatalog(locale: try LocaleIdentifier("en_US"), resources: try DirectoryResources(root: folder))
    let format = try #require(
      SourceLineFormat(catalog: catalog) { ReportPresenter.catalogSourceLine(catalog, file: $0, entry: $1) })
    let line = "x.plist".withUTF8Bytes { format.line(fileName: $0, entry: 1_234) }
    #expect(line == "#1,234 ← x.plist (1,234)")
    #expect(line == ReportPresenter.catalogSourceLine(catalog, file: "x.plist", entry: 1_234))
  }
}
