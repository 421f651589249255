import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// The config file's `template-dir` and `template` are values of the file
/// like any other: one that cannot be used is exit 78 naming the file, the
/// line and the column (the line alone for two settings that clash), never
/// the usage text. The same values on the command line keep their
/// statuses (64, 66).
@Suite("Template settings of the config file")
struct ConfigTemplateSettingsTests {
  let example = TestPaths.example.path

  /// Runs the example list with a config file of `text` (`LAYOUT` stands
  /// for a template file that exists) and checks its status and first
  /// line of standard error, where `FILE` stands for the config file's path.
  func expectConfig(_ text: String, _ extra: [String] = [], exit: ExitCode, stderr: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let layout = folder.appending(path: "layout.mustache")
    try "{{#sections}}{{title}}{{/sections}}\n".write(to: layout, atomically: true, encoding: .utf8)
    let file = folder.appending(path: "report.conf")
    try text.replacingOccurrences(of: "LAYOUT", with: layout.path).write(to: file, atomically: true, encoding: .utf8)
    let run = expectRun(
      arguments: [example, "--config", file.path] + extra, exit: exit,
      error: "posttim-report: error: " + stderr.replacingOccurrences(of: "FILE", with: file.path))
    // A fault of the file is one line, without the usage text.
    if exit == .configuration { #expect(run.stderr.count == 1, "\(run.stderr)") }
  }

  @Test("template-dir naming nothing: 78 at its line and column")
  func missingFolder() throws {
    try expectConfig(
      "locale = fr_CA\ntemplate-dir = /nonexistent\n", exit: .configuration,
      stderr: "FILE:2:16: template folder '/nonexistent' does not exist")
  }

  @Test("template-dir naming a file: 78 at its line and column")
  func fileNotFolder() throws {
    try expectConfig(
      "template-dir = /etc/passwd\n", exit: .configuration,
      stderr: "FILE:1:16: --template-dir '/etc/passwd' is a file, not a folder")
  }

  @Test("format = csv and template in the same file: 78 at the later line")
  func templateWithCSV() throws {
    try expectConfig(
      "format = csv\n\ntemplate = LAYOUT\n", exit: .configuration,
      stderr: "FILE:3: --template applies to the markdown and html formats, not 'csv'")
  }

  @Test("-f csv on the command line with the file's template: 64 saying where template is set")
  func templateWithCommandLineCSV() throws {
    try expectConfig(
      "template = LAYOUT\n", ["-f", "csv"], exit: .usage,
      stderr: "--template applies to the markdown and html formats, not 'csv'; template is set in FILE:1")
  }

  /// A file the config file names that is not there is the file's fault,
  /// as a `template-dir` naming nothing is: 78 at its line.
  @Test("template naming nothing: 78 at its line and column")
  func missingTemplate() throws {
    try expectConfig(
      "template = /nonexistent\n", exit: .configuration, stderr: "FILE:1:12: /nonexistent: template file not found")
  }

  @Test("the command line's spellings keep their statuses: 64, 64, 64 and 66")
  func commandLineUnchanged() throws {
    expectRun(
      arguments: [example, "--template-dir", "/nonexistent"], exit: .usage,
      error: "posttim-report: error: template folder '/nonexistent' does not exist")
    expectRun(
      arguments: [example, "--template-dir", "/etc/passwd"], exit: .usage,
      error: "posttim-report: error: --template-dir '/etc/passwd' is a file, not a folder")
    expectRun(
      arguments: [example, "-f", "csv", "--template", "/nonexistent"], exit: .usage,
      error: "posttim-report: error: --template applies to the markdown and html formats, not 'csv'")
    expectRun(
      arguments: [example, "--template", "/nonexistent"], exit: .noInput,
      error: "posttim-report: error: /nonexistent: template file not found")
  }
}
