import Foundation
import Testing
import TestSupport

/// Runs of one roster with different splits must not overlap in one state
/// folder: each reads the others' journals only when it starts, so a
/// reader in both would be sent twice. Real processes: the first run is
/// held inside its sendmail until the test lets it go.
@Suite(
  "Roster runs with different splits", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct RosterSplitLockTests {
  static let readers = ["zoe", "amira", "noa", "max", "li", "sam", "ana", "kim"]
  static let csv =
    "id,list,time-zone,mail-to\n" + readers.map { "\($0),tasks.plist,UTC,\($0)@example.org\n" }.joined()
  static let now = "2026-12-01T12:00:00Z"

  /// A sendmail that says it started, then waits for `go` before taking the message.
  static func heldSendmail(_ fixture: RosterFixture) throws -> String {
    let path = fixture.folder.appending(path: "held.sh").path
    let script = """
      #!/bin/sh
      touch '\(fixture.folder.path)/started'
      while [ ! -e '\(fixture.folder.path)/go' ]; do sleep 0.05; done
      exec '\(fixture.sendmail)'

      """
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  static func arguments(_ fixture: RosterFixture, sendmail: String, _ extra: [String]) -> [String] {
    [
      "roster", fixture.roster, "--send", "--sendmail", sendmail, "--state", fixture.state, "--mail-from",
      "roster@example.org", "--now", now,
    ] + extra
  }

  /// Starts a run held in its first sendmail, returns once it is there.
  static func startHeld(_ fixture: RosterFixture, _ extra: [String]) throws -> Process {
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = arguments(fixture, sendmail: try heldSendmail(fixture), extra)
    process.environment = ["LANG": "C.UTF-8"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    while !FileManager.default.fileExists(atPath: fixture.folder.appending(path: "started").path) {
      guard process.isRunning else { break }
      usleep(20_000)
    }
    return process
  }

  /// Every reader's mail count, from the mailbox.
  static func counts(_ fixture: RosterFixture) -> [String: Int] {
    var counts: [String: Int] = [:]
    for message in fixture.messages {
      guard let to = header("To", in: message) else { continue }
      counts[to, default: 0] += 1
    }
    return counts
  }

  @Test("a run of another N while a sharded run holds the folder: 75 naming the split, nothing sent twice")
  func otherSplitRefused() throws {
    for (held, other, count) in [("0/2", [String](), 2), ("1/3", ["--shard", "0/2"], 3), ("", ["--shard", "1/4"], 1)] {
      let fixture = try RosterFixture(Self.csv)
      defer { fixture.remove() }
      let process = try Self.startHeld(fixture, held.isEmpty ? [] : ["--shard", held])
      let (status, stdout, stderr) = try EndToEndTests.run(Self.arguments(fixture, sendmail: fixture.sendmail, other))
      FileManager.default.createFile(atPath: fixture.folder.appending(path: "go").path, contents: nil)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      #expect(status == 75, "\(held) then \(other)")
      #expect(stdout == "")
      #expect(
        stderr
          == "posttim-report: error: state folder '\(fixture.state)': journal in use by a run with another split "
          + "(N=\(count)); nothing was done\n")
      #expect(Self.counts(fixture).values.allSatisfy { $0 == 1 }, "\(Self.counts(fixture))")
    }
  }

  @Test("shards of the same N go side by side, and together send each reader once")
  func sameSplitSideBySide() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    let process = try Self.startHeld(fixture, ["--shard", "0/2"])
    let (status, _, stderr) = try EndToEndTests.run(
      Self.arguments(fixture, sendmail: fixture.sendmail, ["--shard", "1/2"]))
    FileManager.default.createFile(atPath: fixture.folder.appending(path: "go").path, contents: nil)
    process.waitUntilExit()
    #expect(status == 0, "\(stderr)")
    #expect(process.terminationStatus == 0)
    let counts = Self.counts(fixture)
    #expect(counts.count == Self.readers.count)
    #expect(counts.values.allSatisfy { $0 == 1 })
  }
}
