import Foundation
import Testing
import TestSupport

/// A row's relative `template-dir` is taken from the roster file's folder,
/// as its relative `list` is: never from the folder the run starts in,
/// which for cron is `$HOME` or `/`.
@Suite("A roster's relative template-dir cell")
struct RosterRelativeTemplateFolderTests {
  @Test("is the folder beside the roster, not one of that name in the working folder")
  func besideTheRoster() throws {
    let fixture = try RosterFixture("id,list,at,mail-to,template-dir\nq,tasks.plist,00:00,q@example.org,tdir\n")
    defer { fixture.remove() }
    let beside = fixture.folder.appending(path: "tdir/html").path
    try FileManager.default.createDirectory(atPath: beside, withIntermediateDirectories: true)
    try "ROSTER-FOOTER\n".write(toFile: beside + "/footer.mustache", atomically: false, encoding: .utf8)
    // The test runs in the package's folder, which has no tdir: before,
    // the cell was looked up there and the reader failed.
    #expect(!FileManager.default.fileExists(atPath: "tdir"))
    let out = fixture.folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    expectRun(
      arguments: [
        "roster", fixture.roster, "-o", out, "--state", fixture.state, "--mail-from", "r@example.org", "--now",
        "2026-12-01T12:00:00Z",
      ], exit: .success, stderr: [RosterFixture.newJournalNote(fixture.state)])
    let message = try String(contentsOfFile: out + "/q.eml", encoding: .utf8)
    #expect(decodedText(message).contains("ROSTER-FOOTER"))
  }
}
