import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A refused roster names every bad row, one line each with its row and
/// column (roster.md, "The roster file"), whichever check finds it: the
/// file's own (`id`, `list`, `at`) and a cell its option refuses are told
/// together, in row order, at most 20 and then a count of the rest.
@Suite("Roster every bad row")
struct RosterEveryBadRowTests {
  static let now = "2026-12-01T12:00:00Z"
  static let header = "id,list,time-zone,mail-to,subject,at\n"

  @Test("a cell its option refuses and a bad at on a later row: both rows named, in row order, 65")
  func cellAndAtTogether() throws {
    let fixture = try RosterFixture(
      Self.header + "zoe,tasks.plist,UTC,zoe@example.org,\"l1\nl2\",\n"
        + "max,tasks.plist,UTC,max@example.org,,25:00\n" + "amy,tasks.plist,UTC,amy@example.org,,\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 2, column 'subject': --subject contains a line feed "
          + "(LF), which is not allowed in an e-mail header",
        "posttim-report: error: roster '\(fixture.roster)', row 3, column 'at': '25:00' is not a wall time HH:MM "
          + "(00:00 to 23:59; H:MM and HH:MM:00 are read too)",
      ])
    #expect(fixture.messages.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.state))
  }

  @Test("a duplicate ID after a bad time-zone cell: both rows named, the first one's status")
  func zoneCellAndDuplicateID() throws {
    let fixture = try RosterFixture(
      Self.header + "zoe,tasks.plist,Mars/Olympus,zoe@example.org,,\n" + "max,tasks.plist,UTC,max@example.org,,\n"
        + "max,tasks.plist,UTC,max@example.org,,\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 2, column 'time-zone': unknown time zone "
          + "\"Mars/Olympus\" (expected an IANA time zone ID such as America/Toronto)",
        "posttim-report: error: roster '\(fixture.roster)', row 4, column 'id': 'max' is also the ID of row 3",
      ])
  }

  @Test("a time-zone cell naming a FIFO is named by its column, with the file fault's status (72)")
  func zoneCellNamingFIFO() throws {
    let fixture = try RosterFixture(Self.header)
    defer { fixture.remove() }
    let fifo = fixture.folder.appending(path: "zone-fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    try (Self.header + "zoe,tasks.plist,\(fifo),zoe@example.org,,\n")
      .write(toFile: fixture.roster, atomically: true, encoding: .utf8)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .osFile)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 2, column 'time-zone': time zone \"\(fifo)\": "
          + "\(fifo) is not a regular file"
      ])
  }

  @Test("25 bad rows of two kinds: the first 20 in row order, then a count of the other 5")
  func cappedAtTwenty() throws {
    var csv = Self.header
    for index in 0..<25 {
      csv +=
        index.isMultiple(of: 2)
        ? "r\(index),tasks.plist,UTC,r@example.org,,24:00\n" : "r\(index),tasks.plist,UTC,r@example.org,\"a\nb\",\n"
    }
    let fixture = try RosterFixture(csv)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    let prefix = "posttim-report: error: roster '\(fixture.roster)', "
    let expected = (0..<20).map { index in
      index.isMultiple(of: 2)
        ? prefix + "row \(index + 2), column 'at': '24:00' is not a wall time HH:MM (00:00 to 23:59; H:MM and "
          + "HH:MM:00 are read too)"
        : prefix + "row \(index + 2), column 'subject': --subject contains a line feed (LF), which is not allowed in "
          + "an e-mail header"
    }
    #expect(run.stderr == expected + ["posttim-report: error: roster '\(fixture.roster)': 5 more errors not shown"])
  }
}
