import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `roster -o DIR`: a reader's `DIR/ID.eml` that is another reader's list,
/// or the roster itself, refuses the whole roster (64) before anything is
/// written; the list is left as it was.
@Suite("Roster output over a list", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct RosterOutputOverListTests {
  func arguments(_ fixture: RosterFixture, out: String) -> [String] {
    [
      "roster", fixture.roster, "-o", out, "--state", fixture.state, "--mail-from", "r@example.org", "--now",
      "2026-12-01T12:00:00Z",
    ]
  }

  @Test("another reader's list at DIR/ID.eml, by path or through a link: both rows named, nothing written")
  func anotherReadersList() throws {
    let fixture = try RosterFixture(
      "id,list,time-zone,mail-to\nfirst,out/victim.eml,UTC,z@example.org\nvictim,tasks.plist,UTC,z@example.org\n"
        + "second,other.plist,UTC,z@example.org\n")
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    let victim = out + "/victim.eml"
    try FileManager.default.copyItem(atPath: fixture.folder.path + "/tasks.plist", toPath: victim)
    // second.eml is a link to the first reader's list.
    try FileManager.default.copyItem(atPath: victim, toPath: fixture.folder.path + "/other.plist")
    try FileManager.default.createSymbolicLink(atPath: out + "/second.eml", withDestinationPath: "victim.eml")
    let before = try Data(contentsOf: URL(fileURLWithPath: victim))
    let run = expectRun(
      arguments: arguments(fixture, out: out), exit: .usage,
      stderr: [
        "posttim-report: error: roster '\(fixture.roster)', row 3: output '\(out)/victim.eml' is the list of row 2; refusing to overwrite a task list",
        "posttim-report: error: roster '\(fixture.roster)', row 4: output '\(out)/second.eml' is the list of row 2; refusing to overwrite a task list",
        "Usage: posttim-report roster [options] ROSTER.csv (--send | -o DIR)",
        "See 'posttim-report roster --help' for more information.",
      ])
    #expect(run.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["second.eml", "victim.eml"])
  }

  @Test("the roster file at DIR/ID.eml: refused, the roster unchanged")
  func theRosterItself() throws {
    let fixture = try RosterFixture("id,list,time-zone,mail-to\nroster,tasks.plist,UTC,z@example.org\n")
    defer { fixture.remove() }
    let copy = fixture.folder.appending(path: "roster.eml").path
    try FileManager.default.moveItem(atPath: fixture.roster, toPath: copy)
    try FileManager.default.createSymbolicLink(atPath: fixture.roster, withDestinationPath: "roster.eml")
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    // The binary: the roster is read in a fresh process.
    let (status, stdout, stderr) = try EndToEndTests.run(arguments(fixture, out: fixture.folder.path))
    #expect(status == 64)
    #expect(stdout.isEmpty)
    #expect(
      stderr.hasPrefix(
        "posttim-report: error: roster '\(fixture.roster)', row 2: output '\(copy)' is the roster '\(fixture.roster)'; refusing to overwrite a file the run reads\n"
      ))
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
  }
}
