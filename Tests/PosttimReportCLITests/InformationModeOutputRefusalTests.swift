import Foundation
import TestSupport
import Testing

/// `-o FILE` with a mode that prints (`--generate-manpage -o man.1`) printed
/// to standard output, wrote nothing and exited 0, while the listings
/// refuse it: every information mode refuses it alike (64), and `-o -`
/// stays standard output.
@Suite(
  "Information modes refuse -o FILE",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct InformationModeOutputRefusalTests {
  @Test(
    "--help, --version, --generate-manpage and --generate-completion-script with -o FILE: 64, nothing written",
    arguments: [
      (["--help"], "help"), (["--version"], "version"), (["--generate-manpage"], "generate-manpage"),
      (["--generate-completion-script", "bash"], "generate-completion-script"), (["preview", "--help"], "help"),
      (["roster", "--help"], "help"),
    ])
  func refused(_ arguments: [String], mode: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "out.txt").path
    let (status, stdout, stderr) = try EndToEndTests.run(
      arguments + ["-o", output], environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(status == 64)
    #expect(stdout.isEmpty)
    #expect(
      stderr.hasPrefix(
        "posttim-report: error: --output does not apply to --\(mode), which prints to standard output "
          + "(redirect it to a file)\n"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("--version -o - prints as without -o")
  func dashIsStandardOutput() throws {
    let (status, stdout, _) = try EndToEndTests.run(
      ["--version", "-o", "-"], environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(status == 0)
    #expect(stdout.hasPrefix("posttim-report "))
  }
}
