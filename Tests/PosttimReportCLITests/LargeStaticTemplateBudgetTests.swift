import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A template just under the 1 MiB cap that writes its text once and each
/// task once fits the render budget, on one task as on 100,000: the
/// template's own text counts in the budget. A template that multiplies
/// work still stops at it, padded with that much text too.
@Suite("CLI: the render budget and a large static template")
struct LargeStaticTemplateBudgetTests {
  /// One line per task.
  static let tasks = "{{#sections}}{{#tasks}}- {{title}}\n{{/tasks}}{{/sections}}"

  /// Text that makes the template `size` bytes, then ``tasks``.
  static func layout(size: Int) -> String {
    let line = String(repeating: "x", count: 99) + "\n"
    let fill = size - tasks.utf8.count
    return String(repeating: line, count: fill / line.utf8.count)
      + String(repeating: "y", count: fill % line.utf8.count)
      + tasks
  }

  /// A task list of `count` tasks, a second apart from 2026-11-30 on, titled `Task n`.
  static func taskList(count: Int, in folder: URL) throws -> String {
    let start = Date(timeIntervalSince1970: 1_796_000_000)
    let entries: [[String: Any]] = (0..<count).map { index in
      ["tache": "Task \(index)", "date": start.addingTimeInterval(Double(index)), "importance": "5"]
    }
    let path = folder.appending(path: "tasks-\(count).plist")
    try PropertyListSerialization.data(fromPropertyList: entries, format: .binary, options: 0).write(to: path)
    return path.path
  }

  @Test(
    "a template 1,000 bytes under the 1 MiB cap, writing each task once: exit 0 on 1 task and on 100,000",
    .timeLimit(.minutes(10)), arguments: [1, 100_000])
  func fitsTheBudget(tasks: Int) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appending(path: "big.mustache")
    let text = Self.layout(size: 1_048_576 - 1_000)
    try text.write(to: template, atomically: true, encoding: .utf8)
    let output = folder.appending(path: "agenda.md").path
    let run = CapturedRun()
    let status = run.run([
      try Self.taskList(count: tasks, in: folder), "--template", template.path, "-z", "UTC", "--now",
      "2026-11-30T00:00:00Z", "--from", "2026-11-30", "--to", "2026-12-31", "-o", output,
    ])
    #expect(status == .success, "\(run.stderr)")
    let written = try String(contentsOfFile: output, encoding: .utf8)
    let lines = (0..<tasks).reduce(0) { $0 + "- Task \($1)\n".utf8.count }
    #expect(written.utf8.count == text.utf8.count - Self.tasks.utf8.count + lines)
    #expect(written.hasSuffix("- Task \(tasks - 1)\n"))
  }

  @Test("{{#sections}} nested 99 deep after 1 MB of text: still exit 78 at once, nothing written")
  func multiplyingStillStops() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appending(path: "padded.mustache")
    let nested =
      String(repeating: "{{#sections}}", count: 99) + "{{title}}\n" + String(repeating: "{{/sections}}", count: 99)
    try (String(repeating: "z", count: 1_040_000) + nested).write(to: template, atomically: true, encoding: .utf8)
    let output = folder.appending(path: "agenda.md").path
    let run = CapturedRun()
    let status = run.run([
      TestPaths.example.path, "--template", template.path, "--from", "2026-01-01", "--to", "2027-12-31", "-o", output,
    ])
    #expect(status == .configuration)
    #expect(run.stderr.count == 1)
    #expect(run.stderr.first?.contains("rendering takes more work than its budget") == true)
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
