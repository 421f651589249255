import Foundation
import Testing
import TestSupport

/// A roster reached under another name through a symbolic link (a crontab's
/// `current.csv -> roster-2026.csv`) is the same roster: one journal and
/// one lock, those of its real path, so no reader is served twice. A hard
/// link is another roster (docs/roster.md). Real processes and a real
/// sendmail script.
@Suite(
  "A roster under a linked name", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct RosterLinkedNameTests {
  static let readers = ["zoe", "amira", "noa"]
  static let csv =
    "id,list,time-zone,mail-to\n" + readers.map { "\($0),tasks.plist,UTC,\($0)@example.org\n" }.joined()
  static let now = "2026-12-01T12:00:00Z"

  static func arguments(_ roster: String, _ fixture: RosterFixture, delivery: [String]) -> [String] {
    ["roster", roster] + delivery + [
      "--state", fixture.state, "--mail-from", "roster@example.org", "--now", now,
    ]
  }

  /// `current.csv`, a relative symbolic link to `roster.csv` beside it.
  static func linked(_ fixture: RosterFixture) throws -> String {
    let link = fixture.folder.appending(path: "current.csv").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "roster.csv")
    return link
  }

  static func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test("a run through a symbolic link, then one by the real name: the second finds every reader served")
  func linkThenRealName() throws {
    for mail in [true, false] {
      let fixture = try RosterFixture(Self.csv)
      defer { fixture.remove() }
      let link = try Self.linked(fixture)
      let out = fixture.folder.appending(path: "out").path
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
      let delivery = mail ? ["--send", "--sendmail", fixture.sendmail] : ["-o", out]
      let verb = mail ? "sent" : "written"

      let first = try EndToEndTests.run(Self.arguments(link, fixture, delivery: delivery))
      #expect(first.0 == 0, "\(first.2)")
      #expect(first.1.hasSuffix("roster: 3 \(verb), 0 not due, 0 already \(verb), 0 failed\n"))
      let second = try EndToEndTests.run(Self.arguments(fixture.roster, fixture, delivery: delivery))
      #expect(second.0 == 0, "\(second.2)")
      #expect(second.2 == "")
      let lines = second.1.split(separator: "\n")
      #expect(lines.count == 4)
      for (line, id) in zip(lines, Self.readers) {
        #expect(line.hasPrefix("\(id): already \(verb) at 20"), "\(line)")
      }
      #expect(lines.last == "roster: 0 \(verb), 0 not due, 3 already \(verb), 0 failed")
      #expect(fixture.messages.count == (mail ? 3 : 0))
      #expect(Self.entries(fixture.state) == ["roster.journal", "roster.lock"])
      let journal = try String(contentsOfFile: fixture.state + "/roster.journal", encoding: .utf8)
      #expect(journal.hasPrefix("# roster: \(fixture.roster)\n"))
    }
  }

  @Test("a run by the real name while one through a symbolic link holds the journal: 75, nothing sent twice")
  func linkedRunHoldsTheJournal() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    let link = try Self.linked(fixture)
    let held = try RosterSplitLockTests.heldSendmail(fixture)
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = Self.arguments(link, fixture, delivery: ["--send", "--sendmail", held])
    process.environment = ["LANG": "C.UTF-8"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    while !FileManager.default.fileExists(atPath: fixture.folder.appending(path: "started").path),
      process.isRunning
    {
      usleep(20_000)
    }
    let (status, stdout, stderr) = try EndToEndTests.run(
      Self.arguments(fixture.roster, fixture, delivery: ["--send", "--sendmail", fixture.sendmail]))
    FileManager.default.createFile(atPath: fixture.folder.appending(path: "go").path, contents: nil)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(status == 75)
    #expect(stdout == "")
    #expect(
      stderr == "posttim-report: error: journal '\(fixture.state)/roster.journal' is in use by another run; "
        + "nothing was done\n")
    #expect(
      RosterSplitLockTests.counts(fixture)
        == Dictionary(
          uniqueKeysWithValues: Self.readers.map {
            ("\($0)@example.org", 1)
          }))
  }

  @Test("a hard link is another roster: its own journal, named after it, whose first line names it")
  func hardLinkIsAnotherRoster() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    let other = fixture.folder.appending(path: "class-b.csv").path
    #expect(link(fixture.roster, other) == 0)
    let delivery = ["--send", "--sendmail", fixture.sendmail]
    #expect(try EndToEndTests.run(Self.arguments(fixture.roster, fixture, delivery: delivery)).0 == 0)
    let (status, stdout, _) = try EndToEndTests.run(Self.arguments(other, fixture, delivery: delivery))
    #expect(status == 0)
    #expect(stdout.hasSuffix("roster: 3 sent, 0 not due, 0 already sent, 0 failed\n"))
    #expect(
      Self.entries(fixture.state) == ["class-b.journal", "class-b.lock", "roster.journal", "roster.lock"])
    let journal = try String(contentsOfFile: fixture.state + "/class-b.journal", encoding: .utf8)
    #expect(journal.hasPrefix("# roster: \(other)\n"))
  }
}
