import Foundation
import Testing
import TestSupport

/// A run that fails after its rendering began prints nothing: standard
/// output gets the whole report or not a byte of it.
@Suite("Standard output: all or nothing", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StandardOutputAllOrNothingTests {
  @Test("a template stopped by the render budget: exit 78, standard output empty", arguments: ["markdown", "html"])
  func renderBudget(format: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = try Self.budgetTemplate(in: folder)
    let (status, stdout, stderr) = try EndToEndTests.run([
      TestPaths.example.path, "-l", "fr_CA", "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "-f", format,
      "--template", template,
    ])
    #expect(status == 78, "\(stderr)")
    #expect(stdout.isEmpty)
  }

  /// A template in `folder` that writes a line, then 99 nested sections:
  /// far more work than the render budget allows. Returns its path.
  static func budgetTemplate(in folder: URL) throws -> String {
    let template = folder.appending(path: "n.mustache").path
    let text =
      "head\n" + String(repeating: "{{#sections}}", count: 99) + "x" + String(repeating: "{{/sections}}", count: 99)
    try text.write(toFile: template, atomically: false, encoding: .utf8)
    return template
  }
}
