import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// The render budget grows with the input, not with the input's text times
/// the template's size: a template that writes every title once per task
/// per task per task ends at a budget a few times the list's own size.
@Suite("CLI: the render budget grows with the input")
struct RenderBudgetGrowthTests {
  @Test(
    "tasks nested in tasks three deep over 600 tasks: exit 78 at 1,000,000 + 64 × T × (N + 1) + 16 × B + 4 × L units",
    .timeLimit(.minutes(10)))
  func nestedTasks() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "tasks.plist")
    try StaleTemporaryFileTests.bigList(600).write(to: input, atomically: false, encoding: .utf8)
    let template = folder.appending(path: "cube.mustache")
    try "{{#sections}}{{#tasks}}{{#tasks}}{{#tasks}}{{title}}{{/tasks}}{{/tasks}}{{/tasks}}{{/sections}}\n"
      .write(to: template, atomically: false, encoding: .utf8)
    let output = folder.appending(path: "cube.md").path
    let run = CapturedRun()
    let status = run.run([
      input.path, "-l", "en_US", "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "--from", "2026-12-01", "--to",
      "2026-12-31", "--template", template.path, "-o", output,
    ])
    #expect(status == .configuration)
    // 6 template nodes with 1 byte of text, 600 tasks, their titles and
    // descriptions of 129 to 131 bytes: 1,000,000 + 64 × 6 × 601 + 16 × 77,890 + 4 × 1 (it was
    // 1,000,000 + 64 × 6 × (600 + 77,890 + 1), 31,153,408, the work
    // growing with the text times the tasks).
    #expect(
      run.stderr == [
        "posttim-report: error: cube.mustache: rendering takes more work than its budget (2477028 units for 6 "
          + "template nodes with 1 byte of text and 600 items with 77890 bytes of text): sections nested over the same list, or partials "
          + "that include each other, multiply the work"
      ])
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
