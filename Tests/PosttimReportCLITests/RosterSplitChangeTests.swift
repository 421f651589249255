import Foundation
import Testing
import TestSupport

/// docs/roster.md's procedure for changing N when each shard has its own
/// state folder (the Kubernetes recipe): suspend, copy every old shard's
/// journal into every new shard's folder, change N, resume. Run with the
/// built program, as the pods would.
@Suite("Roster split change", .requires(.builtBinary))
struct RosterSplitChangeTests {
  static let readers = (0..<12).map { "r\($0)" }
  static let csv =
    "id,list,time-zone,at,mail-to\n"
    + readers.enumerated().map { index, id in
      "\(id),tasks.plist,\(["UTC", "Asia/Tokyo", "America/Los_Angeles"][index % 3]),00:00,\(id)@example.org\n"
    }.joined()

  static func run(_ fixture: RosterFixture, shard: String, state: String, now: String) throws -> (Int32, String) {
    let (status, stdout, stderr) = try EndToEndTests.run([
      "roster", fixture.roster, "--send", "--sendmail", fixture.sendmail, "--state", state, "--mail-from",
      "roster@example.org", "--now", now, "--shard", shard,
    ])
    return (status, stdout + stderr)
  }

  @Test("3 shards with their own folders, then 2 with every old journal copied in: no reader mailed twice")
  func copiedJournals() throws {
    let fixture = try RosterFixture(Self.csv)
    defer { fixture.remove() }
    let old = (0..<3).map { fixture.folder.path + "/old/shard-\($0)" }
    for (index, state) in old.enumerated() {
      let (status, output) = try Self.run(fixture, shard: "\(index)/3", state: state, now: "2026-12-01T20:00:00Z")
      #expect(status == 0, "\(output)")
    }
    // Every reader's local day (UTC, Tokyo, Los Angeles) has begun and not ended.
    #expect(fixture.messages.count == Self.readers.count)
    let new = (0..<2).map { fixture.folder.path + "/new/shard-\($0)" }
    for state in new {
      try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
      for (index, folder) in old.enumerated() {
        let name = "roster.shard-\(index)-of-3.journal"
        let copy = try Subprocess.run("/bin/cp", [folder + "/" + name, state + "/" + name])
        #expect(copy.status == 0, "\(copy.stderr)")
      }
    }
    for (index, state) in new.enumerated() {
      let (status, output) = try Self.run(fixture, shard: "\(index)/2", state: state, now: "2026-12-01T20:30:00Z")
      #expect(status == 0, "\(output)")
      #expect(!output.contains(": sent "), "\(output)")
    }
    let to = fixture.messages.compactMap { header("To", in: $0) }
    #expect(to.count == Self.readers.count)
    #expect(Set(to).count == Self.readers.count)
  }
}
