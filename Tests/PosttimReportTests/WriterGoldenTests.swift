import Foundation
import PosttimReport
import Testing
import TestSupport

/// Each writer's output for the shipped example, fr_CA, America/Toronto,
/// now 2026-11-30T14:00Z, against reviewed golden files in Snapshots/.
@Suite("Writer golden files")
struct WriterGoldenTests {
  @Test(
    "standard formats",
    arguments: [("markdown", "example.fr_CA.md"), ("html", "example.fr_CA.html"), ("csv", "example.fr_CA.csv")])
  func golden(format: String, golden: String) throws {
    let fixture = try ReportFixture()
    let writer = try #require(try WriterRegistry.standard.writer(for: format, options: WriterOptions()))
    let text = try fixture.render(writer, fixture.exampleView())
    if let mismatch = snapshotMismatch(text, named: golden) { Issue.record(Comment(rawValue: mismatch)) }
  }

  @Test("the registry lists the standard formats")
  func registry() {
    #expect(WriterRegistry.standard.formats == ["csv", "email", "html", "ics", "json", "markdown", "text"])
  }
}
