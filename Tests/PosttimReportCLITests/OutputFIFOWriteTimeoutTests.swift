import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A FIFO at `-o` whose reader opened it and never reads, or that no
/// reader opens, never holds the run: the write ends `--write-timeout`
/// seconds after the open, and the run exits 74 naming the output.
/// Driven through the binary: without the bound the run would wait for
/// ever (the shell's guard kills it after 60 s, and the status says so).
@Suite("Output FIFO: bounded waits", .enabled(if: EndToEndTests.binary != nil, "binary not built"))
struct OutputFIFOWriteTimeoutTests {
  static let stranger: uid_t = 4247

  /// Owners to try: the caller, and (as root) another user, whose FIFO in
  /// their own non-sticky folder the kernel's rule lets us write.
  static let owners: [uid_t] = geteuid() == 0 ? [geteuid(), stranger] : [geteuid()]

  /// A FIFO in a fresh (non-sticky) folder, owned by `owner`.
  static func fifo(owner: uid_t) throws -> (folder: URL, fifo: String) {
    let folder = try temporaryFolder()
    let fifo = folder.appending(path: "agenda.html").path
    #expect(mkfifo(fifo, 0o666) == 0)
    if owner != geteuid() {
      #expect(chown(fifo, owner, owner) == 0)
      #expect(chown(folder.path, owner, owner) == 0)
    }
    return (folder, fifo)
  }

  @Test("a reader that opened the FIFO and never reads: 74 once the pipe is full", arguments: owners)
  func readerNeverReads(owner: uid_t) throws {
    let (folder, fifo) = try Self.fifo(owner: owner)
    defer { try? FileManager.default.removeItem(at: folder) }
    // perl holds the read end open (shrunk to 4 KiB, F_SETPIPE_SZ) across
    // the exec and never reads; the report is 26 KB of HTML.
    let hold = "use Fcntl; $^F = 10; open(my $r, '+<', $ENV{FIFO}) or die; fcntl($r, 1031, 4096) or die; exec @ARGV"
    let result = try GuardedShell.run(
      "exec perl -e \"$HOLD\" \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -f html -o \"$FIFO\" "
        + "--write-timeout 1",
      environment: ["FIFO": fifo, "HOLD": hold])
    #expect(result.status == 74, "\(result.stderr)")
    #expect(
      result.stderr
        == "posttim-report: error: \(fifo): write failed "
        + "(its reader took too long: not all written within 1 s (--write-timeout))\n")
  }

  @Test("the caller's own FIFO that no reader opens: 74, not waited on for ever")
  func noReaderOpens() throws {
    let (folder, fifo) = try Self.fifo(owner: geteuid())
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -o \"$FIFO\" --write-timeout 1",
      environment: ["FIFO": fifo])
    #expect(result.status == 74, "\(result.stderr)")
    #expect(
      result.stderr
        == "posttim-report: error: \(fifo): write failed (no reader opened it within 1 s (--write-timeout))\n")
  }

  @Test("a reader that reads, late and through a small pipe, gets the whole report")
  func readerReads() throws {
    let (folder, fifo) = try Self.fifo(owner: geteuid())
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appending(path: "copy.html").path
    // A reader with a 4 KiB pipe that starts late: the writer waits in poll, then goes on.
    let reader =
      "use Fcntl; open(my $r, '<', $ENV{FIFO}) or die; fcntl($r, 1031, 4096); "
      + "select(undef, undef, undef, 0.2); print while <$r>"
    let result = try GuardedShell.run(
      "perl -e \"$READER\" > \"$COPY\" & \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -f html -o \"$FIFO\"; "
        + "status=$?; wait; \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -f html | cmp - \"$COPY\" "
        + "&& exit $status",
      environment: ["FIFO": fifo, "COPY": copy, "READER": reader])
    #expect(result.status == 0, "\(result.stderr)")
  }
}
