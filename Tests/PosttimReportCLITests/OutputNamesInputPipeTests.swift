import Foundation
import Testing
import TestSupport

/// `-o` naming an input is 64 for pipes and FIFOs as for regular files,
/// compared by what the names lead to (device and inode): with the list
/// read from a pipe, `-o /dev/stdin` wrote the report into that pipe,
/// where it was lost (exit 0), and a named FIFO given as list and output
/// waited for a reader, then failed (74).
@Suite(
  "Output naming a piped input",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct OutputNamesInputPipeTests {
  /// What a usage error prints after its line.
  static let usageHint =
    "Usage: posttim-report [options] FILE... (- for stdin)\nSee 'posttim-report --help' for more information.\n"

  @Test(
    "with the list on a pipe, -o /dev/stdin or /proc/self/fd/0 is 64, nothing written",
    arguments: ["/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"])
  func standardInputPipe(_ output: String) throws {
    try Self.expectStandardInputRefused("-", output: output, usage: Self.usageHint)
  }

  /// Runs `cat EXAMPLE | $BIN <command> … -o <output>`: 64, nothing written.
  static func expectStandardInputRefused(_ command: String, output: String, usage: String) throws {
    let result = try GuardedShell.run(
      "cat \"$EXAMPLE\" | \"$BIN\" \(command) --now 2026-11-30T14:00:00Z -z UTC -o \"$OUT\"",
      environment: ["OUT": output])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "posttim-report: error: output '\(output)' is standard input; refusing to overwrite a task list\n" + usage)
  }

  /// Runs `$BIN <command> FIFO … -o FIFO`, a named FIFO given as the list
  /// and as the output, which a writer waits on (killed once the run has
  /// answered); returns the result and the FIFO's path.
  static func runNamingOneFIFO(_ command: String) throws -> (result: Subprocess.Result, fifo: String) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "list.plist").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try GuardedShell.run(
      "cat \"$EXAMPLE\" > \"$F\" & w=$!; \"$BIN\" \(command) \"$F\" --now 2026-11-30T14:00:00Z -z UTC --write-timeout 1 "
        + "-o \"$F\"; s=$?; kill $w 2>/dev/null; wait $w 2>/dev/null; exit $s",
      environment: ["F": fifo])
    return (result, fifo)
  }

  @Test("a named FIFO given as the list and as -o is 64 before it is read")
  func namedFIFO() throws {
    let (result, fifo) = try Self.runNamingOneFIFO("")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "posttim-report: error: output '\(fifo)' is the input '\(fifo)'; refusing to overwrite a task list\n"
        + Self.usageHint)
  }

  @Test("a config file read from the pipe on standard input cannot be -o either (64)")
  func configFilePipe() throws {
    let result = try GuardedShell.run(
      "printf 'time-zone = UTC\\n' | \"$BIN\" --config /dev/stdin \"$EXAMPLE\" --now 2026-11-30T14:00:00Z "
        + "-o /proc/self/fd/0")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "posttim-report: error: output '/proc/self/fd/0' is the config file '/dev/stdin'; refusing to "
        + "overwrite a file the run reads\n" + Self.usageHint)
  }
}
