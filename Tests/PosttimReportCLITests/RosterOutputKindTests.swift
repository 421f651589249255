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
    let fixture = try RosterFixture(RosterFixture.zoeThenAmira)
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    #expect(mkfifo(out + "/zoe.eml", 0o600) == 0)
    RosterFixture.expectFirstFailed(
      try fixture.writeMessages(to: out),
      "\(out)/zoe.eml: cannot create output file (is a FIFO; only a regular file is written here)")
    var info = stat()
    #expect(lstat(out + "/zoe.eml", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(FileManager.default.fileExists(atPath: out + "/amira.eml"))
  }
}
