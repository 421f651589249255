import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The helper threads that read and render a long list block every
/// signal, so SIGTERM and the others reach the main thread, which holds
/// them while it creates its temporary file (a handler run on a helper
/// then could leave that file behind).
@Suite(
  "Helper threads and signals",
  .enabled(
    if: EndToEndTests.binary != nil && ProcessInfo.processInfo.activeProcessorCount > 1,
    "needs the binary and two cores"))
struct HelperThreadSignalTests {
  /// The blocked-signal masks of `pid`'s threads other than the main one.
  static func helperMasks(_ pid: pid_t) -> [UInt64] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.filter { $0 != "\(pid)" }.compactMap { task in
      let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
      return line.flatMap { UInt64($0.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) }
    }
  }

  @Test("every helper thread of a long run blocks SIGHUP, SIGINT, SIGQUIT and SIGTERM")
  func helpersBlockSignals() throws {
    let fixture = try MemoryAndThreadLimitTests.Fixture()
    defer { fixture.remove() }
    let process = try fixture.startedRun()
    var seen: [UInt64] = []
    while process.isRunning {
      seen += Self.helperMasks(process.processIdentifier)
      usleep(2_000)
    }
    #expect(process.terminationStatus == 0)
    #expect(!seen.isEmpty, "no helper thread was seen")
    let held = [SIGHUP, SIGINT, SIGQUIT, SIGTERM].reduce(UInt64(0)) { $0 | (1 << UInt64($1 - 1)) }
    #expect(seen.allSatisfy { $0 & held == held }, "\(seen.map { String($0, radix: 16) })")
  }
}
