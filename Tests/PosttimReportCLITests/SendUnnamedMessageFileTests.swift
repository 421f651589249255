import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The message `--send` hands sendmail never has a name in any folder: it
/// is an unnamed memory file, still a regular file sendmail may seek in.
/// A `TMPDIR` in another user's folder (who could rename a named file
/// before it is unlinked, and keep the message) is never written to.
@Suite("Send unnamed message file", .requires(.builtBinary, .python3))
struct SendUnnamedMessageFileTests {
  /// A sendmail that records what its standard input is and whether it can
  /// read the message twice (seek back to its start).
  static func sendmail(in folder: URL) throws -> (program: String, record: String) {
    let program = folder.appending(path: "sendmail.py").path
    let record = folder.appending(path: "record").path
    try """
    #!/usr/bin/python3
    import os
    link = os.readlink("/proc/self/fd/0")
    first = os.read(0, 1 << 22)
    os.lseek(0, 0, os.SEEK_SET)
    second = os.read(0, 1 << 22)
    with open("\(record)", "w") as out:
        out.write(link + "\\n" + str(len(first) > 0 and first == second) + "\\n")
    """.write(toFile: program, atomically: false, encoding: .utf8)
    #expect(chmod(program, 0o755) == 0)
    return (program, record)
  }

  @Test("sendmail reads an unnamed, seekable memory file; nothing is made in TMPDIR, another user's folder")
  func unnamedInMemory() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (program, record) = try Self.sendmail(in: folder)
    let theirs = folder.appending(path: "theirs").path
    try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: false)
    if geteuid() == 0 { #expect(chown(theirs, 4247, 4247) == 0) }
    #expect(chmod(theirs, 0o777) == 0)
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC --send --mail-to a@example.org "
        + "--mail-from b@example.org --sendmail \"$SENDMAIL\"",
      environment: ["TMPDIR": theirs, "SENDMAIL": program])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOfFile: record, encoding: .utf8) == "/memfd:posttim-report-mail (deleted)\nTrue\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty)
  }

  @Test("a TMPDIR that does not exist does not stop --send: the message is sent")
  func missingTemporaryFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (program, record) = try Self.sendmail(in: folder)
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC --send --mail-to a@example.org "
        + "--mail-from b@example.org --sendmail \"$SENDMAIL\"",
      environment: ["TMPDIR": "/nonexistent", "SENDMAIL": program])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    #expect(try String(contentsOfFile: record, encoding: .utf8) == "/memfd:posttim-report-mail (deleted)\nTrue\n")
  }
}
