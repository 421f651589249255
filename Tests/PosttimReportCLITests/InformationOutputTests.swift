import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `-o` is never silently ignored: `--dump-context -o FILE` writes the
/// context to FILE as a report is written (atomically, under the same
/// link rule); the listings print to standard output only, so `-o FILE`
/// with them is a usage error. A config file's `output` is a report's and
/// is not replaced by a context dump.
@Suite("-o with --dump-context and the listings")
struct InformationOutputTests {
  let example = TestPaths.example.path

  @Test("--dump-context -o FILE writes the context there, as the dump to standard output has it")
  func dumpToFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let printed = expectRun(arguments: [example, "--dump-context"], exit: .success, stderr: [])
    #expect(printed.stdout.hasPrefix("{"))
    let file = folder.appending(path: "context.json")
    let written = expectRun(arguments: [example, "--dump-context", "-o", file.path], exit: .success, stderr: [])
    #expect(written.stdout == "")
    #expect(try String(contentsOf: file, encoding: .utf8) == printed.stdout)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["context.json"])
  }

  @Test("--dump-context -o 'NAME-{locale}.json' writes each locale's context to its file")
  func dumpPerLocale() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let french = expectRun(arguments: [example, "--dump-context", "-l", "fr_CA"], exit: .success, stderr: [])
    let pattern = folder.appending(path: "ctx-{locale}.json").path
    expectRun(arguments: [example, "--dump-context", "-l", "fr_CA,ja_JP", "-o", pattern], exit: .success, stderr: [])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["ctx-fr-CA.json", "ctx-ja-JP.json"])
    #expect(try String(contentsOf: folder.appending(path: "ctx-fr-CA.json"), encoding: .utf8) == french.stdout)
  }

  @Test("the config file's output is the report's: --dump-context still prints, the report file is untouched")
  func configOutputKept() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appending(path: "agenda.md")
    try "last night's agenda\n".write(to: report, atomically: true, encoding: .utf8)
    let config = folder.appending(path: "report.conf")
    try "output = \(report.path)\n".write(to: config, atomically: true, encoding: .utf8)
    let run = expectRun(arguments: [example, "--config", config.path, "--dump-context"], exit: .success, stderr: [])
    #expect(run.stdout.hasPrefix("{"))
    #expect(try String(contentsOf: report, encoding: .utf8) == "last night's agenda\n")
  }

  @Test(
    "--dump-context -o through another user's link in a sticky folder: 73, the target untouched",
    .enabled(if: geteuid() == 0, "needs root to chown links"))
  func dumpLinkRule() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let victim = root.appending(path: "victim.txt")
    try "secret".write(to: victim, atomically: false, encoding: .utf8)
    let output = shared.appending(path: "c.json")
    try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: victim.path)
    #expect(lchown(output.path, 4248, 4248) == 0)
    expectRun(
      arguments: [example, "--dump-context", "-o", output.path], exit: .cannotCreate,
      stderr: [
        "posttim-report: error: \(output.path): cannot create output file (not following \(output.path): "
          + "a symbolic link of uid 4248, neither yours nor root's (a write follows no other))"
      ])
    #expect(try String(contentsOf: victim, encoding: .utf8) == "secret")
  }

  /// A mode that prints (a listing, `--version`, the man page, a completion
  /// script) never leaves the file `-o` names silently unwritten.
  @Test(
    "a listing, --version, the man page or a completion script with -o FILE: 64, no file; -o - is standard output",
    arguments: [
      ["--list-formats"], ["--list-locales"], ["--version"], ["--generate-manpage"],
      ["--generate-completion-script", "bash"],
    ])
  func printingModeWithOutput(_ mode: [String]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "list.txt")
    expectRun(
      arguments: mode + ["-o", file.path], exit: .usage,
      stderr: [
        "posttim-report: error: --output does not apply to \(mode[0]), which prints to standard output "
          + "(redirect it to a file)",
        "Usage: posttim-report [options] FILE... (- for stdin)",
        "See 'posttim-report --help' for more information.",
      ])
    #expect(!FileManager.default.fileExists(atPath: file.path))
    let printed = expectRun(arguments: mode + ["-o", "-"], exit: .success, stderr: [])
    #expect(printed.stdout == expectRun(arguments: mode, exit: .success).stdout)
    #expect(!printed.stdout.isEmpty)
  }
}
