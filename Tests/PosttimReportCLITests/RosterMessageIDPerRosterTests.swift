import Foundation
import Testing
import TestSupport

import PosttimReportCLI

/// A roster reader's Message-ID is the same on a retry of the same day but
/// differs between rosters: two rosters sharing a reader ID and a sender
/// domain (one teacher's two classes keyed by address) would otherwise give
/// two different agendas one ID, and clients that fold duplicates would
/// show one and hide the other. The roster is the one the journal's first
/// line names, which a moved roster keeps.
@Suite("Roster Message-ID per roster")
struct RosterMessageIDPerRosterTests {
  static let csv = "id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n"
  static let now = "2026-12-01T12:00:00Z"

  /// The Message-ID a `zoe: sent <…> (…)` line names.
  static func sentID(_ stdout: String) -> String? {
    let words = stdout.split(separator: "\n").first?.split(separator: " ") ?? []
    guard words.count > 2, words[0] == "zoe:", words[1] == "sent" else { return nil }
    return String(words[2])
  }

  static func realPath(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

  @Test("two rosters with the same reader ID and sender domain give two Message-IDs")
  func twoRosters() throws {
    let first = try RosterFixture(Self.csv)
    defer { first.remove() }
    let second = try RosterFixture(Self.csv)
    defer { second.remove() }
    let (firstStatus, firstRun) = first.send(at: Self.now)
    let (secondStatus, secondRun) = second.send(at: Self.now)
    #expect(firstStatus == .success && secondStatus == .success)
    let firstID = try #require(Self.sentID(firstRun.stdout), "\(firstRun.stdout)")
    let secondID = try #require(Self.sentID(secondRun.stdout), "\(secondRun.stdout)")
    #expect(firstID != secondID)
    #expect(header("Message-ID", in: first.messages[0]) == firstID)
    #expect(header("Message-ID", in: second.messages[0]) == secondID)
  }

  @Test("the hash covers the reader ID, a line feed and the roster the journal's first line names")
  func documentedForm() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success)
    let journal = try String(contentsOfFile: fixture.state + "/roster.journal", encoding: .utf8)
    let roster = Self.realPath(fixture.roster)
    #expect(journal.hasPrefix("# roster: \(roster)\n"))
    #expect(Self.sentID(run.stdout) == rosterMessageID("zoe", "20261201", roster: roster))
  }

  @Test("a retry of the same reader on the same day (its record lost) has the same Message-ID")
  func retryKeepsID() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    let (_, run) = fixture.send(at: Self.now)
    let journalPath = fixture.state + "/roster.journal"
    let journal = try String(contentsOfFile: journalPath, encoding: .utf8)
    // The record lost (a crash after the MTA took the message): the header alone.
    try String(journal.prefix { $0 != "\n" } + "\n").write(toFile: journalPath, atomically: false, encoding: .utf8)
    let (status, retry) = fixture.send(at: "2026-12-01T13:00:00Z")
    #expect(status == .success)
    let id = try #require(Self.sentID(run.stdout))
    #expect(Self.sentID(retry.stdout) == id)
    #expect(fixture.messages.map { header("Message-ID", in: $0) } == [id, id])
  }

  @Test("a journal's record with the ID's earlier form (reader and date only) still counts as sent")
  func earlierFormAccepted() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    let journalPath = fixture.state + "/roster.journal"
    let journal =
      "# roster: \(Self.realPath(fixture.roster))\n"
      + "zoe\t2026-12-01\t<posttim-roster.ce46eb1987694819.20261201@example.org>\t2026-12-01T11:00:00Z\tsent\n"
    try journal.write(toFile: journalPath, atomically: false, encoding: .utf8)
    #expect(chmod(journalPath, 0o600) == 0)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("zoe: already sent at 2026-12-01T11:00:00Z\n"))
    #expect(fixture.messages.isEmpty)
  }

  @Test("a record whose ID is another roster's is refused (65): only the two forms of this one count")
  func otherRostersIDRefused() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    let journalPath = fixture.state + "/roster.journal"
    let other = rosterMessageID("zoe", "20261201", roster: "/srv/other/roster.csv")
    let journal = "# roster: \(Self.realPath(fixture.roster))\nzoe\t2026-12-01\t\(other)\t2026-12-01T11:00:00Z\tsent\n"
    try journal.write(toFile: journalPath, atomically: false, encoding: .utf8)
    #expect(chmod(journalPath, 0o600) == 0)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr.last?.contains("line 2: not a journal record: Message-ID '\(other)' is not zoe's of 2026-12-01")
        == true, "\(run.stderr)")
  }
}
