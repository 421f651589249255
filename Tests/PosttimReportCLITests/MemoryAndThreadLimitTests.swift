import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Little memory (`ulimit -v`) or no threads (`ulimit -u`): a long list
/// is either reported whole or refused up front with exit 71 (EX_OSERR)
/// and the old output kept; never a crash in the reader, never a wait for
/// a helper thread that cannot start.
@Suite(
  "Memory and thread limits", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct MemoryAndThreadLimitTests {
  static let taskCount = 40_000

  /// A folder with a 40,000-task list (12 MB of XML: read in two halves,
  /// rendered in chunks) and an old `out.csv`.
  struct Fixture {
    let folder: URL
    var input: URL { folder.appending(path: "big.plist") }
    var output: URL { folder.appending(path: "out.csv") }
    static let oldOutput = "the old report\n"

    init() throws {
      folder = FileManager.default.temporaryDirectory.appending(path: "posttim-limits-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try StaleTemporaryFileTests.bigList(taskCount).write(to: input, atomically: false, encoding: .utf8)
      try Self.oldOutput.write(to: output, atomically: false, encoding: .utf8)
    }

    var arguments: [String] {
      [input.path, "-f", "csv", "-o", output.path, "--now", "2026-11-30T14:00:00Z", "-z", "UTC", "--days", "60"]
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The binary started on this list, standard output and error to
    /// nowhere: a run long enough to watch its threads from /proc.
    func startedRun() throws -> Process {
      let process = Process()
      process.executableURL = EndToEndTests.binary
      process.arguments = arguments
      process.environment = ProgramEnvironment.inherited
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }

    /// The rows of a complete report: a header and every task.
    func reportRows() throws -> Int {
      try String(contentsOf: output, encoding: .utf8).components(separatedBy: "\r\n").count - 2
    }
  }

  /// Runs `command`, killed after 120 s so that a hang fails the test
  /// (status 9) rather than stopping the suite.
  static func run(_ command: [String]) throws -> Subprocess.Result {
    try Subprocess.run(
      "/usr/bin/timeout", ["-s", "KILL", "120"] + command, environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
  }

  /// The binary with `arguments`, under bash's `ulimit` `setting` (dash has no `-u`).
  static func limited(_ setting: String, _ arguments: [String]) -> [String] {
    ["/bin/bash", "-c", "ulimit \(setting) && exec \"$@\"", "sh", EndToEndTests.binary!.path] + arguments
  }

  @Test("ulimit -v too low for the list: exit 71 naming the limit, the old output kept; enough: the whole report")
  func addressSpaceLimits() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // Under what the list needs, the reader would stop midway with "failed
    // to allocate" (134) or a bad pointer (139); it is refused before.
    for limit in [100_000, 120_000] {
      let result = try Self.run(Self.limited("-v \(limit)", fixture.arguments))
      #expect(result.status == 71, "ulimit -v \(limit): \(result.stderr.prefix(300))")
      #expect(result.stderr.hasPrefix("posttim-report: error: not enough memory for the task lists: they need about "))
      #expect(
        result.stderr.hasSuffix(
          "and the limit of \(limit) KiB (ulimit -v) leaves \(Self.leftText(result.stderr)) MiB; raise the limit\n"))
      #expect(try String(contentsOf: fixture.output, encoding: .utf8) == Fixture.oldOutput)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted() == ["big.plist", "out.csv"])
    }
    let result = try Self.run(Self.limited("-v 300000", fixture.arguments))
    #expect(result.status == 0, "\(result.stderr.prefix(300))")
    #expect(try fixture.reportRows() == Self.taskCount)
  }

  /// The MiB figure a refusal gives as left under the limit.
  static func leftText(_ message: String) -> String {
    guard let range = message.range(of: "leaves ") else { return "" }
    return String(message[range.upperBound...].prefix { $0.isNumber })
  }

  @Test(
    "no thread can start (ulimit -u 1 as a user of its own): the list is read and rendered on the run's own thread",
    .enabled(if: geteuid() == 0, "needs root to run as another user"))
  func noHelperThreads() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // A user ID of its own, so no other process counts against its limit.
    let user = "64031"
    #expect(chown(fixture.folder.path, 64031, 64031) == 0)
    #expect(chown(fixture.output.path, 64031, 64031) == 0)
    chmod(fixture.folder.path, 0o755)
    chmod(fixture.input.path, 0o644)
    // Without threads, the run waited forever for libdispatch, which retries
    // a thread it cannot create: killed after 120 s.
    let result = try Self.run(
      ["/usr/bin/setpriv", "--reuid", user, "--regid", user, "--clear-groups"]
        + Self.limited("-u 1", fixture.arguments))
    #expect(result.status == 0, "\(result.stderr.prefix(300))")
    #expect(try fixture.reportRows() == Self.taskCount)
  }

  @Test(
    "no thread can start (ulimit -u 1 as a user of its own): a roster makes every reader's message on its own thread",
    .enabled(if: geteuid() == 0, "needs root to run as another user"))
  func rosterWithoutHelperThreads() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: TestPaths.example, to: folder.appending(path: "tasks.plist"))
    let readers = (1...6).map { "r\($0)" }
    try (["id,list,mail-to,locale"] + readers.map { "\($0),tasks.plist,\($0)@example.org,fr_CA" })
      .joined(separator: "\n").write(to: folder.appending(path: "roster.csv"), atomically: false, encoding: .utf8)
    let out = folder.appending(path: "out")
    let state = folder.appending(path: "state")
    for made in [out, state] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
    for path in [folder, out, state] { #expect(chown(path.path, 64031, 64031) == 0) }
    chmod(folder.path, 0o755)
    // Dispatch's global queue retries a thread the system refuses forever,
    // in the thread that queued the work: the roster never began.
    let result = try Self.run(
      ["/usr/bin/setpriv", "--reuid", "64031", "--regid", "64031", "--clear-groups"]
        + Self.limited(
          "-u 1",
          [
            "roster", folder.appending(path: "roster.csv").path, "-o", out.path, "--state", state.path,
            "--mail-from", "roster@example.org", "--now", "2026-12-01T12:00:00Z",
          ]))
    #expect(result.status == 0, "\(result.stderr.prefix(300))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == readers.map { "\($0).eml" })
  }
}
