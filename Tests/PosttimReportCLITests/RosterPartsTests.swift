import Foundation
import PosttimICU
import Testing
import TestSupport

@testable import PosttimReportCLI

/// The roster's parts on their own: shards, due times, the journal.
@Suite("Roster parts")
struct RosterPartsTests {
  @Test("K/N parses only with 0 ≤ K < N")
  func shardSyntax() {
    #expect(RosterShard("0/3") == RosterShard(index: 0, count: 3))
    #expect(RosterShard("2/3") == RosterShard(index: 2, count: 3))
    for bad in ["3/3", "-1/3", "1/0", "1", "1/3/4", "/3", "a/3", "1/ 3", "٢/٣"] {
      #expect(RosterShard(bad) == nil, "\(bad)")
    }
  }

  @Test("every ID falls in exactly one shard, the same one every time")
  func shardsPartition() {
    let ids = (0..<1_000).map { "reader-\($0)" } + ["zoë", "أحمد", "山田"]
    for count in [1, 2, 3, 7] {
      let shards = (0..<count).map { RosterShard(index: $0, count: count) }
      for id in ids { #expect(shards.filter { $0.contains(id: id) }.count == 1) }
      // Not all in one shard: the hash spreads them.
      #expect(count == 1 || shards.allSatisfy { shard in ids.contains { shard.contains(id: $0) } })
    }
    // FNV-1a 64 of "zoë" (Python: the reference algorithm) is 0x…; mod 3.
    var hash = FNV1aReference()
    for byte in "zoë".utf8 { hash.mix(byte) }
    #expect(RosterShard(index: Int(hash.value % 3), count: 3).contains(id: "zoë"))
  }

  @Test("due from the wall time on, in the reader's zone, across DST")
  func due() throws {
    let toronto = try DayCalendar(timeZone: TimeZoneIdentifier("America/Toronto"))
    let at0600 = try #require(RosterDue.wallTime("06:00"))
    // 2026-11-30T10:59Z is 05:59 in Toronto; 11:00Z is 06:00.
    let before = RosterDue(now: Date(timeIntervalSince1970: 1_796_036_340), calendar: toronto, at: at0600)
    let on = RosterDue(now: Date(timeIntervalSince1970: 1_796_036_400), calendar: toronto, at: at0600)
    #expect(!before.isDue && on.isDue && on.localDate.iso8601 == "2026-11-30")
    // 2026-03-08 in Toronto: 02:30 does not exist; 07:00Z is 03:00 EDT, due.
    let at0230 = try #require(RosterDue.wallTime("02:30"))
    let spring = RosterDue(now: Date(timeIntervalSince1970: 1_772_953_200), calendar: toronto, at: at0230)
    #expect(spring.isDue && spring.localDate.iso8601 == "2026-03-08")
    // Tokyo at 12:00Z is 21:00 the same day.
    let tokyo = try DayCalendar(timeZone: TimeZoneIdentifier("Asia/Tokyo"))
    let evening = RosterDue(
      now: Date(timeIntervalSince1970: 1_796_126_400), calendar: tokyo, at: RosterDue.wallTime("21:00")!)
    #expect(evening.isDue && evening.localDate.iso8601 == "2026-12-01")
    for bad in ["6:00", "24:00", "06:60", "0600", "06:00:00", ""] { #expect(RosterDue.wallTime(bad) == nil, "\(bad)") }
  }

  @Test("the journal keeps what was recorded across opens, cuts a torn last line, and is locked while open")
  func journal() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "roster-journal-\(UUID().uuidString)/state")
      .path
    defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
    let entry = RosterJournal.Entry(
      id: "zoe", localDate: "2026-12-01", messageID: "<posttim-roster.ce46eb1987694819.20261201@b>",
      time: "2026-12-01T11:00:00Z", how: "sent")
    do {
      let journal = try RosterJournal(
        folder: folder, name: "roster.journal", roster: "/r/roster.csv", lock: "roster.lock", split: 1)
      #expect(journal.entry(id: "zoe", localDate: "2026-12-01") == nil)
      try journal.record(entry)
      #expect(throws: RosterJournal.Failure.self) {
        try RosterJournal(
          folder: folder, name: "roster.journal", roster: "/r/roster.csv", lock: "roster.lock", split: 1)
      }
    }
    let path = folder + "/roster.journal"
    // A record torn by a crash: no line end.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("max\t2026-12".utf8))
    try handle.close()
    let reopened = try Self.reopen(folder: folder)
    #expect(reopened.entry(id: "zoe", localDate: "2026-12-01") == entry)
    #expect(reopened.entry(id: "max", localDate: "2026-12-01") == nil)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# roster: /r/roster.csv\nzoe\t2026-12-01\t<posttim-roster.ce46eb1987694819.20261201@b>\t2026-12-01T11:00:00Z\tsent\n"
    )
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
  }
}

extension RosterPartsTests {
  /// Opens the journal again, at once: the journal let go before is
  /// unlocked even where a child being started elsewhere in this process
  /// still holds a copy of its descriptor.
  static func reopen(folder: String) throws -> RosterJournal {
    try RosterJournal(
      folder: folder, name: "roster.journal", roster: "/r/roster.csv", lock: "roster.lock", split: 1)
  }

  /// The descriptors of this process open on `path`.
  static func descriptors(openOn path: String) -> [Int32] {
    let folder = "/proc/self/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.compactMap { name in
      guard let descriptor = Int32(name),
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name),
        target == path
      else { return nil }
      return descriptor
    }
  }

  @Test("a journal let go is unlocked while a copy of its descriptor stays open (a child between vfork and exec)")
  func unlockedWhileACopyStaysOpen() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "roster-journal-\(UUID().uuidString)/state")
      .path
    defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
    var copy: Int32 = -1
    do {
      let journal = try Self.reopen(folder: folder)
      let open = Self.descriptors(openOn: folder + "/roster.journal")
      try #require(open.count == 1)
      copy = dup(open[0])
      withExtendedLifetime(journal) {}
    }
    defer { close(copy) }
    #expect(copy >= 0)
    #expect(throws: Never.self) { try Self.reopen(folder: folder) }
  }
}

/// FNV-1a 64 written from the reference (offset basis, prime), to check the shared one.
private struct FNV1aReference {
  var value: UInt64 = 14_695_981_039_346_656_037
  mutating func mix(_ byte: UInt8) { value = (value ^ UInt64(byte)) &* 1_099_511_628_211 }
}
