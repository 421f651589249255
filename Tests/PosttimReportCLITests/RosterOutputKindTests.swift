import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The roster's `-o DIR` writes message files, regular files only: a FIFO
/// (even the caller's own, which a report's `-o` would wait on for a
/// reader) or another kind of file at `DIR/ID.eml` fails that reader with
/// the reason, and the others are written (exit 75, as for any failed
/// reader). Driven through the binary: without the rule the run would
/// wait on the FIFO for ever (the shell's guard kills it after 60 s).
@Suite("Roster -o DIR: regular files only", .enabled(if: EndToEndTests.binary != nil, "binary not built"))
struct RosterOutputKindTests {
  @Test("the caller's own FIFO at DIR/ID.eml fails that reader; the next is written")
  func fifoAtMessageName() throws {
    let fixture = try RosterFixture(
      "id,list,locale,time-zone,mail-to\nzoe,tasks.plist,fr_CA,America/Toronto,z@example.org\n"
        + "amira,tasks.plist,fr_CA,America/Toronto,a@example.org\n")
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    #expect(mkfifo(out + "/zoe.eml", 0o600) == 0)
    let result = try GuardedShell.run(
      "exec \"$BIN\" roster \"$ROSTER\" -o \"$OUT\" --state \"$STATE\" --mail-from r@example.org "
        + "--now 2026-12-01T12:00:00Z",
      environment: ["ROSTER": fixture.roster, "OUT": out, "STATE": fixture.state])
    #expect(result.status == 75, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "zoe: failed: row 2: \(out)/zoe.eml: cannot create output file (is a FIFO; only a regular file is "
        + "written here)")
    #expect(lines.dropFirst().first?.hasPrefix("amira: written <posttim-roster.") == true, "\(lines)")
    #expect(lines.last == "roster: 1 written, 0 not due, 0 already written, 1 failed")
    var info = stat()
    #expect(lstat(out + "/zoe.eml", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(FileManager.default.fileExists(atPath: out + "/amira.eml"))
  }
}
