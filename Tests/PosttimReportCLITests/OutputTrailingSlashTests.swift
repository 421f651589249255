import Foundation
import Testing
import TestSupport

/// `-o NAME/` (or `NAME/.`, `NAME/x`) names a folder, as the kernel reads
/// it: when NAME is a regular file the error says so (ENOTDIR), not "is a
/// directory", and the file is kept.
@Suite("-o with a trailing slash after a file")
struct OutputTrailingSlashTests {
  let example = TestPaths.example.path

  @Test(
    "-o a.md/, a.md/./, a.md/., a.md/x.md or a.md/x/y.md with a.md a file: 73, 'a.md is a file, not a folder', a.md kept",
    arguments: ["/", "/./", "/.", "/x.md", "/x/y.md", "/x/", "/x/./y.md"])
  func fileWithTrailingSlash(suffix: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "a.md")
    try Data("old\n".utf8).write(to: file)
    expectRun(
      arguments: [example, "--now", "2026-11-30T14:00:00Z", "-o", file.path + suffix], exit: .cannotCreate,
      stderr: [
        "posttim-report: error: \(file.path)\(suffix): cannot create output file (\(file.path) is a file, not a folder)"
      ])
    #expect(try String(contentsOf: file, encoding: .utf8) == "old\n")
  }

  @Test("-o d/ with d a folder: 73, 'is a directory'")
  func folderWithTrailingSlash() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    expectRun(
      arguments: [example, "--now", "2026-11-30T14:00:00Z", "-o", folder.path + "/"], exit: .cannotCreate,
      stderr: ["posttim-report: error: \(folder.path)/: cannot create output file (is a directory)"])
  }
}
