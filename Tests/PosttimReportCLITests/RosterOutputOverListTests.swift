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

  /// The binary run in `folder`, so that the roster and `-o` can be relative.
  static func run(in folder: String, _ arguments: [String]) throws -> Subprocess.Result {
    try Subprocess.run(
      "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder, EndToEndTests.binary!.path] + arguments,
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
  }

  @Test("a list spelled from the current folder with .. that is a reader's DIR/ID.eml: refused (64), the list kept")
  func relativeSpelling() throws {
    let fixture = try RosterFixture("")
    defer { fixture.remove() }
    let folder = fixture.folder.path
    let spelled = "../" + fixture.folder.lastPathComponent + "/out/victim.eml"
    try "id,list,time-zone,mail-to\nfirst,\(spelled),UTC,z@example.org\nvictim,tasks.plist,UTC,z@example.org\n"
      .write(toFile: fixture.roster, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: false)
    let victim = folder + "/out/victim.eml"
    try FileManager.default.copyItem(atPath: folder + "/tasks.plist", toPath: victim)
    let before = try Data(contentsOf: URL(fileURLWithPath: victim))
    let result = try Self.run(
      in: folder,
      [
        "roster", "roster.csv", "-o", "out", "--state", "state", "--mail-from", "r@example.org", "--now",
        "2026-12-01T12:00:00Z",
      ])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "posttim-report: error: roster 'roster.csv', row 3: output 'out/victim.eml' is the list of row 2; "
          + "refusing to overwrite a task list\n"), "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == before)
  }

  @Test("a link before .. leads elsewhere: a list there named like a reader's output is no clash, both written")
  func linkBeforeParent() throws {
    let fixture = try RosterFixture(
      "id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,z@example.org\nnoa,lnk/../out/zoe.eml,UTC,z@example.org\n")
    defer { fixture.remove() }
    let folder = fixture.folder.path
    for sub in ["out", "elsewhere/sub", "elsewhere/out"] {
      try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
    }
    // lnk/.. is elsewhere, as the kernel reads the path: noa's list is elsewhere/out/zoe.eml.
    try FileManager.default.createSymbolicLink(atPath: folder + "/lnk", withDestinationPath: "elsewhere/sub")
    let list = folder + "/elsewhere/out/zoe.eml"
    try FileManager.default.copyItem(atPath: folder + "/tasks.plist", toPath: list)
    let before = try Data(contentsOf: URL(fileURLWithPath: list))
    let (status, _, stderr) = try EndToEndTests.run(arguments(fixture, out: folder + "/out"))
    #expect(status == 0, "\(stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["noa.eml", "zoe.eml"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: list)) == before)
  }
}
