import Foundation
import PosttimReport
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Without a memory limit, a long list's run has its heaps advised for
/// transparent huge pages (the main thread's before the list is read, each
/// helper thread's when it starts); a short list's run, a run under
/// `ulimit -v`, or one whose environment tunes malloc itself, has none. Read from the kernel's own account of the process,
/// /proc/PID/smaps.
@Suite(
  "Heaps in huge pages",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"),
  .enabled(
    if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
    "the kernel has no transparent huge pages (/sys/kernel/mm/transparent_hugepage)"),
  .enabled(if: !MemoryLimit.isSet, "the tests run under ulimit -v or -d, which the run inherits"))
struct HugePageHeapTests {
  /// The mappings of `pid` whose flags carry `hg` (MADV_HUGEPAGE), each as
  /// its smaps header line. Read to the end: `String(contentsOfFile:)`
  /// stops at the first page of a /proc file.
  static func advisedMappings(_ pid: pid_t) -> [String] {
    let data = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps").flatMap { try? $0.readToEnd() } ?? Data()
    let smaps = String(decoding: data, as: UTF8.self)
    var header = ""
    var advised: [String] = []
    for line in smaps.split(separator: "\n") {
      if line.first?.isHexDigit == true, line.contains("-") {
        header = String(line)
      } else if line.hasPrefix("VmFlags:"), line.split(separator: " ").contains("hg") {
        advised.append(header)
      }
    }
    return advised
  }

  /// Whether a smaps header line's mapping starts on a 64 MiB boundary, as
  /// a thread's heap does (other advised mappings, such as a staged
  /// report's, need not).
  static func startsThreadHeap(_ header: String) -> Bool {
    let start = header.prefix { $0 != "-" }
    return UInt64(start, radix: 16).map { $0 % (64 << 20) == 0 } ?? false
  }

  /// Whether `pid` is blocked in read(2) (its /proc syscall line starts with 0).
  static func isReading(_ pid: pid_t) -> Bool {
    ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").hasPrefix("0 ")
  }

  /// Runs the binary, through `sh -c` with `shellPrefix` and `environment`
  /// added, on a standard input that stays open and empty; once it waits in
  /// read(2) for the list, returns its advised mappings, then lets it end.
  static func mappingsWhileReading(shellPrefix: String = "", environment: [String: String] = [:]) throws
    -> [String]
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", shellPrefix + " exec \"$BIN\" - -f csv"]
    process.environment = ProgramEnvironment.inherited.merging(
      environment.merging(["BIN": EndToEndTests.binary!.path]) { $1 }
    ) { $1 }
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    #expect(waited(process, until: isReading), "the run never waited for its list")
    return advisedMappings(process.processIdentifier)
  }

  /// Polls `process` (for 10 s at most) until `state` holds of its PID or
  /// it ends. Returns whether `state` holds.
  static func waited(_ process: Process, until state: (pid_t) -> Bool) -> Bool {
    var polls = 0
    while !state(process.processIdentifier) && process.isRunning && polls < 2_000 {
      usleep(5_000)
      polls += 1
    }
    return state(process.processIdentifier)
  }

  /// Runs the binary on a list of `taskCount` tasks in a regular file,
  /// its CSV report to a pipe that is not read: once the report fills the
  /// pipe and the run waits in write(2), returns its advised mappings,
  /// then reads the pipe to the end.
  static func mappingsWhileWriting(taskCount: Int) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-pages-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let list = folder.appending(path: "tasks.plist")
    try StaleTemporaryFileTests.bigList(taskCount).write(to: list, atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [list.path, "-f", "csv", "--now", "2026-11-30T14:00:00Z", "-z", "UTC", "--days", "60"]
    process.environment = ProgramEnvironment.inherited
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    #expect(waited(process, until: isWriting), "the run never waited to write its report")
    let advised = advisedMappings(process.processIdentifier)
    _ = try output.fileHandleForReading.readToEnd()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return advised
  }

  /// Whether `pid` is blocked in write(2).
  static func isWriting(_ pid: pid_t) -> Bool {
    ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").hasPrefix("1 ")
  }

  @Test("a short list in a regular file is read into ordinary pages: a huge page's first touch zeroes 2 MiB")
  func shortListNotAdvised() throws {
    // 1,000 tasks: 330 KiB of XML, a 150 KiB report, more than a pipe holds.
    let advised = try Self.mappingsWhileWriting(taskCount: 1_000)
    #expect(!advised.contains { $0.hasSuffix("[heap]") }, "\(advised)")
  }

  @Test("a list of 4 MiB or more in a regular file is read into a heap advised for huge pages")
  func longListAdvised() throws {
    let advised = try Self.mappingsWhileWriting(taskCount: 15_000)
    #expect(advised.contains { $0.hasSuffix("[heap]") }, "\(advised)")
  }

  @Test(
    "without a memory limit, a list read from a stream, of unknown length, is read into a heap advised for huge pages")
  func mainHeapAdvised() throws {
    let advised = try Self.mappingsWhileReading()
    #expect(advised.contains { $0.hasSuffix("[heap]") }, "\(advised)")
  }

  @Test(
    "an environment that tunes malloc itself is left as it is: no heap is advised",
    arguments: [["GLIBC_TUNABLES": "glibc.malloc.top_pad=0"], ["MALLOC_ARENA_MAX": "2"]])
  func userTunedMallocLeft(environment: [String: String]) throws {
    let advised = try Self.mappingsWhileReading(environment: environment)
    #expect(advised == [])
  }

  @Test("under ulimit -v, no mapping is advised for huge pages")
  func noAdviceUnderLimit() throws {
    let advised = try Self.mappingsWhileReading(shellPrefix: "ulimit -v 4000000;")
    #expect(advised == [])
  }

  @Test(
    "a long run's helper thread allocates from a heap advised for huge pages",
    .enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "needs two cores, for a helper thread"))
  func helperHeapAdvised() throws {
    let fixture = try MemoryAndThreadLimitTests.Fixture()
    defer { fixture.remove() }
    let process = try fixture.startedRun()
    var helperHeaps: [String] = []
    while process.isRunning && helperHeaps.isEmpty {
      helperHeaps = Self.advisedMappings(process.processIdentifier).filter(Self.startsThreadHeap)
      usleep(2_000)
    }
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(!helperHeaps.isEmpty, "no helper thread's heap was advised")
  }
}
