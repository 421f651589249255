import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

extension ExternalTool {
  static let cCompiler = ExternalTool.program("cc", install: "apt-get install -y gcc")
}

/// The terminating-signal handler allocates nothing: a handler that calls
/// malloc while the thread it interrupted is inside malloc corrupts the
/// heap (glibc's "malloc(): … assertion failure in sysmalloc") or
/// deadlocks, and the temporary file stays. The run is preloaded with
/// Tests/Fixtures/handler-allocation-probe.c, which ends it with status 99
/// and "allocation in a signal handler: …" on any allocation made inside a
/// handler, whatever the interrupted thread was doing.
@Suite(
  "The signal handler allocates nothing",
  .requires(.builtBinary, .cCompiler), .enabled(if: SignalExitTests.readCall != nil, "needs the read(2) number"))
struct SignalHandlerAllocationTests {
  static let signals = SignalExitTests.signals + [SIGUSR1, __libc_current_sigrtmin()]

  /// The probe built into `folder`, as the environment that preloads it.
  func probe(in folder: URL) throws -> [String: String] {
    let source = TestPaths.packageRoot.appending(path: "Tests/Fixtures/handler-allocation-probe.c")
    let library = folder.appending(path: "probe.so")
    let (status, output) = try runCombiningOutput(
      "/usr/bin/env", ["cc", "-shared", "-fPIC", "-O1", "-o", library.path, source.path, "-ldl"])
    try #require(status == 0, "\(output)")
    return ["LD_PRELOAD": library.path, "LANG": "C.UTF-8"]
  }

  @Test("while reading standard input: the run dies of the signal, allocating nothing", arguments: signals)
  func whileReading(signal number: Int32) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = ["-", "--now", "2026-11-30T14:00:00Z"]
    process.environment = try probe(in: folder)
    let input = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let pid = process.processIdentifier
    while process.isRunning {
      let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
      if call.hasPrefix("\(SignalExitTests.readCall!) 0x0 ") { break }
      usleep(2_000)
    }
    kill(pid, number)
    try input.fileHandleForWriting.close()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(stderr == "")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
  }

  @Test("while writing the output: the run dies of the signal, allocating nothing, and leaves no temporary file")
  func whileWriting() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = try probe(in: folder)
    let output = folder.appending(path: "out")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let input = folder.appending(path: "big.plist")
    var caught: MidWriteSignal?
    for count in [2_000, 8_000, 32_000] where caught == nil {
      try StaleTemporaryFileTests.bigList(count).write(to: input, atomically: false, encoding: .utf8)
      caught = try MidWriteSignal.send(SIGTERM, folder: output, input: input, environment: environment)
    }
    let (process, stderr) = try #require(caught.map { ($0.process, $0.stderr) }, "no run could be caught writing")
    #expect(stderr == "")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGTERM)
    let left = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.contains(".posttim-") }
    #expect(left == [])
  }
}
