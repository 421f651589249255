import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A template that multiplies work stops at the render budget: exit 78
/// naming the template, and no output file.
@Suite("CLI: the render budget")
struct RenderBudgetCLITests {
  @Test(
    "{{#sections}} nested 99 deep (13^99 renderings from 2.6 KB): exit 78, nothing written", .timeLimit(.minutes(10)))
  func nestedSections() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "markdown"), withIntermediateDirectories: true)
    let layout =
      String(repeating: "{{#sections}}", count: 99) + "{{title}}\n" + String(repeating: "{{/sections}}", count: 99)
    try layout.write(to: folder.appending(path: "markdown/agenda.mustache"), atomically: true, encoding: .utf8)
    let output = folder.appending(path: "agenda.md").path
    let run = CapturedRun()
    let status = run.run([
      TestPaths.example.path, "--template-dir", folder.path, "--from", "2026-01-01", "--to", "2027-12-31", "-o", output,
    ])
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: agenda: rendering takes more work than its budget (1186868 units for 101 template "
          + "nodes with 1 byte of text and 24 items with 1579 bytes of text): sections nested over the same list, or partials that include each other, multiply the work"
      ])
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
