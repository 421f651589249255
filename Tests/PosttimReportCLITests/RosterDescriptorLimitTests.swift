import Foundation
import Testing
import TestSupport

/// A roster written to `-o DIR` at the lowest descriptor limit a run
/// works under (`ulimit -n 10`, docs/usage.md): messages made ahead hold
/// their folder and temporary file open, so the run makes fewer ahead when
/// few descriptors are free, and no reader fails for want of one. Real
/// processes under a real limit; empty lists, so messages are made faster
/// than they are put in place and the run would make as many ahead as it
/// may.
@Suite(
  "A roster under a low descriptor limit", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built")
)
struct RosterDescriptorLimitTests {
  static let count = 200

  @Test("-o DIR at ulimit -n 10 and 11: every reader written, exit 0, no temporary file left", arguments: [10, 11])
  func everyReaderWritten(limit: Int) throws {
    let rows = (1...Self.count).map { "u\($0),empty.plist,00:00,u\($0)@example.org,UTC\n" }.joined()
    let fixture = try RosterFixture("id,list,at,mail-to,time-zone\n" + rows)
    defer { fixture.remove() }
    try "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array/>\n</plist>\n".write(
      toFile: fixture.folder.appending(path: "empty.plist").path, atomically: true, encoding: .utf8)
    let out = fixture.folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    let result = try LimitedRun.run(
      "ulimit -n \(limit)",
      [
        "roster", fixture.roster, "-o", out, "--state", fixture.state, "--mail-from", "roster@example.org", "--now",
        "2026-11-30T23:30:00Z",
      ])
    #expect(result.status == 0)
    #expect(result.stderr == RosterFixture.newJournalNote(fixture.state) + "\n")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == Self.count + 1)
    #expect(lines.filter { $0.contains(": written <posttim-roster.") }.count == Self.count)
    #expect(lines.last == "roster: \(Self.count) written, 0 not due, 0 already written, 0 failed")
    let files = try FileManager.default.contentsOfDirectory(atPath: out)
    #expect(Set(files) == Set((1...Self.count).map { "u\($0).eml" }))
  }
}
