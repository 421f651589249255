import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A FIFO, device or socket at the output name never holds the run on its
/// open: another user's in a sticky world-writable folder is refused, as
/// the kernel's `protected_fifos` rule refuses it, and only the caller's
/// own FIFO waits for a reader. Runs the binary under a time guard.
@Suite(
  "Output FIFOs: the protected_fifos rule",
  .enabled(if: geteuid() == 0 && EndToEndTests.binary != nil, "needs root to chown, and the binary"))
struct OutputFIFORuleTests {
  /// A uid that owns nothing else here.
  static let stranger: uid_t = 4243

  @Test("another user's FIFO or device in a sticky world-writable folder is refused (73), not opened")
  func strangersFIFOInStickyFolder() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let fifo = shared.appending(path: "fifo.md").path
    #expect(mkfifo(fifo, 0o666) == 0)
    #expect(chown(fifo, Self.stranger, Self.stranger) == 0)
    let device = shared.appending(path: "null.md").path
    var null = stat()
    #expect(stat("/dev/null", &null) == 0)
    #expect(mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0)
    #expect(chown(device, Self.stranger, Self.stranger) == 0)
    for (path, what) in [(fifo, "a FIFO"), (device, "a character device")] {
      let result = try GuardedShell.run("exec \"$BIN\" \"$EXAMPLE\" -o \"$OUT\"", environment: ["OUT": path])
      #expect(result.status == 73)
      #expect(
        result.stderr
          == "posttim-report: error: \(path): cannot create output file (not writing to \(path): "
          + "\(what) of uid 4243 in a sticky world-writable folder)\n")
    }
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: shared.path)) == ["fifo.md", "null.md"])
  }

  @Test("another user's FIFO without a reader elsewhere is refused (73), not waited for")
  func strangersFIFOWithoutReader() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "fifo.md").path
    #expect(mkfifo(fifo, 0o666) == 0)
    #expect(chown(fifo, Self.stranger, Self.stranger) == 0)
    let result = try GuardedShell.run("exec \"$BIN\" \"$EXAMPLE\" -o \"$OUT\"", environment: ["OUT": fifo])
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "posttim-report: error: \(fifo): cannot create output file (a FIFO of uid 4243 with no reader)\n")
  }

  @Test("a FIFO the rule allows is written to its reader: the caller's own, waited for, and another's with a reader")
  func allowedFIFOs() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let mine = shared.appending(path: "mine.md").path
    #expect(mkfifo(mine, 0o600) == 0)
    let theirs = root.appending(path: "theirs.md").path
    #expect(mkfifo(theirs, 0o666) == 0)
    #expect(chown(theirs, Self.stranger, Self.stranger) == 0)
    // The caller's own: the run starts first and waits for `cat`.
    let own = try GuardedShell.run(
      "\"$BIN\" \"$EXAMPLE\" -o \"$OUT\" & cat \"$OUT\"; wait $!", environment: ["OUT": mine])
    #expect(own.status == 0, "\(own.stderr)")
    #expect(own.stdout.hasPrefix("# Agenda\n"))
    // Another user's, outside a sticky folder, with its reader already there.
    let other = try GuardedShell.run(
      "exec 3<> \"$OUT\"; \"$BIN\" \"$EXAMPLE\" -o \"$OUT\" -f csv; s=$?; exec 3>&-; echo $s",
      environment: ["OUT": theirs])
    #expect(other.stdout == "0\n", "\(other.stderr)")
  }
}
