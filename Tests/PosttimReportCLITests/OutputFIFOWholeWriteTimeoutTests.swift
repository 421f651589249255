import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `--write-timeout` bounds the whole write to a FIFO, from the open to
/// the last byte, not each wait: a reader that takes 4 KiB now and then,
/// each time just inside the limit, would otherwise hold the run (a root
/// cron job writing through another user's FIFO) for hours.
@Suite("Output FIFO: the whole write is bounded", .enabled(if: EndToEndTests.binary != nil, "binary not built"))
struct OutputFIFOWholeWriteTimeoutTests {
  /// Holds the FIFO open (read and write, so it never blocks), shrinks its
  /// pipe to 4 KiB, runs the command line given, and copies what it
  /// writes to `$COPY`: 4 KiB every `$PAUSE` seconds, or all it can every
  /// 10 ms when `$PAUSE` is 0. Exits with the command's status.
  static let reader = """
    import os, sys, time, fcntl, select
    fd = os.open(os.environ["FIFO"], os.O_RDWR)
    fcntl.fcntl(fd, 1031, 4096)
    pause = float(os.environ["PAUSE"])
    pid = os.fork()
    if pid == 0:
        os.execv(sys.argv[1], sys.argv[1:])
    copy = open(os.environ["COPY"], "wb")
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        while select.select([fd], [], [], 0)[0]:
            copy.write(os.read(fd, 4096))
            if pause: break
        if done: break
        time.sleep(pause or 0.01)
    sys.exit(os.waitstatus_to_exitcode(status))
    """

  /// Runs the report (26 KB of HTML) into a fresh FIFO read by ``reader``
  /// pausing `pause` seconds, with `--write-timeout 1`.
  static func run(pause: String) throws -> (result: Subprocess.Result, fifo: String, copy: String, folder: URL) {
    let folder = try temporaryFolder()
    let fifo = folder.appending(path: "agenda.html").path
    let copy = folder.appending(path: "copy.html").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try GuardedShell.run(
      "exec python3 -c \"$READER\" \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -f html -o \"$FIFO\" "
        + "--write-timeout 1",
      environment: ["FIFO": fifo, "COPY": copy, "PAUSE": pause, "READER": reader])
    return (result, fifo, copy, folder)
  }

  @Test("a reader taking 4 KiB every 0.9 s with --write-timeout 1: 74 naming the output")
  func slowReaderIsCutOff() throws {
    let (result, fifo, _, folder) = try Self.run(pause: "0.9")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(result.status == 74, "\(result.stderr)")
    #expect(
      result.stderr
        == "posttim-report: error: \(fifo): write failed "
        + "(its reader took too long: not all written within 1 s (--write-timeout))\n")
  }

  @Test("a reader that reads everything promptly gets the whole report")
  func promptReaderGetsAll() throws {
    let (result, _, copy, folder) = try Self.run(pause: "0")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(result.status == 0, "\(result.stderr)")
    let expected = try GuardedShell.run("exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -f html")
    #expect(try String(contentsOfFile: copy, encoding: .utf8) == expected.stdout)
  }
}
