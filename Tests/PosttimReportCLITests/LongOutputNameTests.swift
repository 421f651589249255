import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Any name the file system takes works with `-o`: the temporary file's
/// name is shortened to fit NAME_MAX (255 bytes), never the output's.
@Suite("Long output names")
struct LongOutputNameTests {
  let example = TestPaths.example.path

  @Test(
    "names of 240 to 255 bytes are written, and no temporary file is left",
    arguments: [
      String(repeating: "a", count: 237) + ".md", String(repeating: "b", count: 247) + ".md",
      String(repeating: "c", count: 252) + ".md",
      // 255 bytes of two-byte letters: the shortened name must not cut one in half.
      String(repeating: "é", count: 126) + ".md",
    ])
  func longNames(name: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: name)
    expectRun(arguments: [example, "-o", output.path], exit: .success)
    #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("# Agenda"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
  }

  @Test("a name longer than the file system takes is exit 73 with the system's reason")
  func tooLong() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: String(repeating: "d", count: 253) + ".md").path
    expectRun(
      arguments: [example, "-o", output], exit: .cannotCreate,
      stderr: ["posttim-report: error: \(output): cannot create output file (File name too long)"])
  }
}
