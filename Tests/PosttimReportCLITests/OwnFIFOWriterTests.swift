import Foundation
import TestSupport
import Testing

/// A FIFO whose writer is the run itself (`posttim-report fifo 0<>fifo`,
/// or `exec 3<>fifo` before it) never ends: reading it waited forever.
/// There is no read time limit for a stream, so it is refused (64) before
/// anything is read or written.
@Suite(
  "A FIFO input this run holds open for writing",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct OwnFIFOWriterTests {
  static let now = "--now 2026-11-30T14:00:00Z -z UTC"
  static let usageHint =
    "Usage: posttim-report [options] FILE... (- for stdin)\nSee 'posttim-report --help' for more information.\n"

  /// Runs `script` in a fresh folder holding the FIFO `f` (`$D` is the folder).
  static func run(_ script: String) throws -> Subprocess.Result {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return try GuardedShell.run("cd \"$D\" && mkfifo f\n" + script, environment: ["D": folder.path])
  }

  @Test(
    "a list or config file that is a FIFO held open for writing by the run is 64, naming the descriptor",
    arguments: [
      (
        "\"$BIN\" f \(now) 0<>f",
        "the input 'f' is a FIFO this run holds open for writing (standard input, opened read-write): "
      ),
      (
        "exec 3<>f; \"$BIN\" f \(now)",
        "the input 'f' is a FIFO this run holds open for writing (descriptor 3, opened read-write): "
      ),
      (
        "exec 3<>f; \"$BIN\" f \(now) <&3",
        "the input 'f' is a FIFO this run holds open for writing (standard input, opened read-write): "
      ),
      (
        "\"$BIN\" - \(now) 0<>f",
        "standard input is a FIFO opened read-write, so this run is its writer: "
      ),
      (
        // Bash opens `5>f` first, which waits for a reader: one in the background.
        "(exec 9<f; sleep 1) >/dev/null 2>&1 & \"$BIN\" \"$EXAMPLE\" --config f \(now) 5>f",
        "the config file 'f' is a FIFO this run holds open for writing (descriptor 5, opened for writing): "
      ),
    ])
  func refused(script: String, message: String) throws {
    let result = try Self.run(script)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == "posttim-report: error: " + message + "reading it would never end\n" + Self.usageHint)
  }
}
