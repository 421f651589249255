import Foundation
import Testing
import TestSupport

/// A roster under `ulimit -v`: a reader whose list the limit cannot hold
/// fails alone (its line names the list and says memory, exit 75 at the
/// end), and a roster file the limit cannot hold is refused whole (71,
/// naming it) before anything is written; never an abort (134).
@Suite(
  "Roster under a memory limit", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct RosterMemoryLimitTests {
  /// A folder with the example list as `tasks.plist`, an `out` folder, and
  /// the roster run's arguments.
  struct Fixture {
    let folder: URL
    var out: URL { folder.appending(path: "out") }
    var roster: URL { folder.appending(path: "roster.csv") }

    init() throws {
      folder = try temporaryFolder()
      try FileManager.default.copyItem(at: TestPaths.example, to: folder.appending(path: "tasks.plist"))
      try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    }

    /// The roster run under `ulimit -v limit`, killed after 120 s; no
    /// backtracer (an aborted run's held the output pipe open for good).
    func run(limit: Int) throws -> Subprocess.Result {
      try Subprocess.run(
        "/usr/bin/timeout",
        ["-s", "KILL", "120"]
          + MemoryAndThreadLimitTests.limited(
            "-v \(limit)",
            [
              "roster", roster.path, "-o", out.path, "--state", folder.appending(path: "state").path,
              "--mail-from", "roster@example.org", "--now", "2026-12-01T12:00:00Z",
            ]),
        environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no"])
    }

    func written() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() }
  }

  @Test(
    "a reader whose 40,000-task list the limit cannot hold fails alone, named with its list; the others are written")
  func bigListFailsItsReader() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let big = fixture.folder.appending(path: "big.plist")
    try StaleTemporaryFileTests.bigList(MemoryAndThreadLimitTests.taskCount).write(
      to: big, atomically: false, encoding: .utf8)
    try "id,list,mail-to\nr1,tasks.plist,r1@example.org\nr2,big.plist,r2@example.org\nr3,tasks.plist,r3@example.org\n"
      .write(to: fixture.roster, atomically: false, encoding: .utf8)
    // The whole run ended with "failed to allocate" (134) at r2.
    let failed = "r2: failed: row 3: \(big.path): not enough memory for this task list: it needs about "
    let result = try fixture.run(limit: 200_000)
    #expect(result.status == 75, "\(result.stderr.prefix(300))")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(result.stdout)")
    #expect(lines.first?.hasPrefix("r1: written <posttim-roster.") == true)
    let line = lines.count == 4 ? lines[1] : ""
    #expect(line.hasPrefix(failed), "\(lines)")
    #expect(line.hasSuffix("(ulimit -v) leaves \(MemoryAndThreadLimitTests.leftText(line)) MiB; raise the limit"))
    #expect(lines.dropFirst(2).first?.hasPrefix("r3: written <posttim-roster.") == true)
    #expect(lines.last == "roster: 2 written, 0 not due, 0 already written, 1 failed")
    #expect(try fixture.written() == ["r1.eml", "r3.eml"])
  }

  @Test("a 30 MB roster the limit cannot hold: 71 naming the roster, nothing written, no journal; a small one runs")
  func bigRosterRefused() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let row = "r%06d,tasks.plist,23:59,fr_CA,America/Toronto,r%06d@example.org\n"
    var text = "id,list,at,locale,time-zone,mail-to\n"
    text.reserveCapacity(32 << 20)
    for index in 0..<460_000 { text += String(format: row, index, index) }
    try text.write(to: fixture.roster, atomically: false, encoding: .utf8)
    // The reading ended with "failed to allocate" (134).
    let result = try fixture.run(limit: 200_000)
    #expect(result.status == 71, "\(result.stderr.prefix(300))")
    #expect(
      result.stderr.hasPrefix(
        "posttim-report: error: roster '\(fixture.roster.path)': not enough memory to read the roster: it needs about ")
    )
    #expect(result.stderr.hasSuffix("; raise the limit or split the roster\n"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(try fixture.written().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.folder.appending(path: "state").path))
    // The same limit holds a roster of a few readers.
    try "id,list,mail-to\nr1,tasks.plist,r1@example.org\n".write(to: fixture.roster, atomically: false, encoding: .utf8)
    let small = try fixture.run(limit: 200_000)
    #expect(small.status == 0, "\(small.stderr.prefix(300))")
    #expect(try fixture.written() == ["r1.eml"])
  }
}
