import Foundation
import Testing
import TestSupport

/// A template folder is listed whole before a report (and each roster
/// reader) uses it: thousands of nested folders took a roster seconds a
/// reader. Past 64 folders deep or 10,000 entries it is refused, 78 naming
/// the folder, before any file is read.
@Suite("Template folder listing caps", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct TemplateFolderListingCapTests {
  static func run(_ folder: String) throws -> Subprocess.Result {
    try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC --template-dir \"$T\"", environment: ["T": folder])
  }

  @Test("a folder nested 65 deep: 78 naming the folder; 64 deep is used")
  func depth() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let deep = folder.appending(path: "deep").path
    let shallow = folder.appending(path: "shallow").path
    try FileManager.default.createDirectory(
      atPath: deep + String(repeating: "/d", count: 65), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: shallow + String(repeating: "/d", count: 64), withIntermediateDirectories: true)
    let refused = try Self.run(deep)
    #expect(refused.status == 78)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr
        == "posttim-report: error: \(deep): has folders nested more than 64 deep, the cap for a template folder\n")
    let used = try Self.run(shallow)
    #expect(used.status == 0, "\(used.stderr)")
  }

  @Test("a folder of 10,001 entries: 78 naming the folder")
  func entries() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let many = folder.appending(path: "many").path
    try FileManager.default.createDirectory(atPath: many, withIntermediateDirectories: false)
    for index in 0...10_000 {
      #expect(FileManager.default.createFile(atPath: many + "/f\(index)", contents: nil))
    }
    let refused = try Self.run(many)
    #expect(refused.status == 78)
    #expect(
      refused.stderr
        == "posttim-report: error: \(many): holds more than 10000 files and folders, the cap for a template folder\n")
  }
}
