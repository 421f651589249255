import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A run's temporary file is live while the run holds its lock, whatever
/// its PID means here: a run in a container (another PID namespace) keeps
/// its file while a run outside writes the same output.
@Suite(
  "Live temporary files in another PID namespace",
  .enabled(
    if: EndToEndTests.binary != nil && geteuid() == 0 && Subprocess.tool("unshare") != nil,
    "needs the binary, root and unshare"))
struct LiveTemporaryFileTests {
  /// A PID that no process here has, nor the one before it.
  static func unusedPID() -> pid_t? {
    (20_000..<32_000).map { pid_t($0) }.first { pid in
      [pid - 1, pid].allSatisfy { kill($0, 0) != 0 && errno == ESRCH }
    }
  }

  /// The PID here of the process that is `inner` in its own namespace.
  static func hostPID(ofNamespacePID inner: pid_t) -> pid_t? {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let pid = pid_t(entry),
        let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)
      else { continue }
      let line = status.split(separator: "\n").first { $0.hasPrefix("NSpid:") }
      let fields = line?.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().compactMap { pid_t($0) }
      if let fields, fields.count == 2, fields[0] == pid, fields[1] == inner { return pid }
    }
    return nil
  }

  /// Stops `pid` and waits until it is stopped (SIGSTOP is delivered
  /// asynchronously): its state in /proc is then `T`.
  static func stop(_ pid: pid_t) -> Bool {
    guard kill(pid, SIGSTOP) == 0 else { return false }
    while true {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      if stat[stat.index(after: close)...].hasPrefix(" T") { return true }
      usleep(100)
    }
  }

  func temporaryFiles(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".agenda.html.posttim-") }
  }

  @Test("a run outside leaves a contained run's temporary file alone; both finish, 0")
  func otherNamespace() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "big.plist")
    let output = folder.appending(path: "agenda.html")
    var caught: (process: Process, host: pid_t, temporary: String)?
    for count in [8_000, 32_000, 64_000] where caught == nil {
      try StaleTemporaryFileTests.bigList(count).write(to: input, atomically: false, encoding: .utf8)
      let inner = try #require(Self.unusedPID())
      // In the new namespace bash is PID 1; ns_last_pid makes the run's PID `inner`.
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Subprocess.tool("unshare")!)
      process.arguments = [
        "--pid", "--fork", "/bin/bash", "-c",
        "echo \(inner - 1) > /proc/sys/kernel/ns_last_pid; \"$0\" \"$1\" -f html -o \"$2\" --now 2026-11-30T14:00:00Z; "
          + "exit $?",
        EndToEndTests.binary!.path, input.path, output.path,
      ]
      process.environment = ["LANG": "C.UTF-8"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var host: pid_t?
      var temporary: String?
      while process.isRunning, temporary == nil {
        temporary = try temporaryFiles(folder).first
        if temporary == nil { usleep(200) }
      }
      if temporary != nil { host = Self.hostPID(ofNamespacePID: inner) }
      // A temporary file has its lock before its name (TemporaryFileLockOrderTests).
      if let host, Self.stop(host), let temporary, try temporaryFiles(folder).contains(temporary) {
        caught = (process, host, temporary)
      } else {
        if let host { kill(host, SIGCONT) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: output)
      }
    }
    let (contained, host, temporary) = try #require(caught, "no contained run could be caught writing")

    let (status, _, stderr) = try EndToEndTests.run([
      TestPaths.example.path, "-o", output.path, "--now", "2026-11-30T14:00:00Z",
    ])
    #expect(status == 0, "\(stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.filter { $0.hasPrefix(".agenda.html.posttim-") } == [temporary], "\(left)")

    kill(host, SIGCONT)
    contained.waitUntilExit()
    #expect(contained.terminationStatus == 0)
    #expect(try temporaryFiles(folder) == [])
    #expect(try String(contentsOf: output, encoding: .utf8).contains("tâche 0"))
  }
}
