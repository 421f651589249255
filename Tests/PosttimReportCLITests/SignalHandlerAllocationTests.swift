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
    let (process, stderr) = try SignalExitTests.signalWhileReading(number, environment: try probe(in: folder))
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

extension SignalHandlerAllocationTests {
  /// The probe cuts the list to 100 bytes as soon as the run maps it, so
  /// reading past its first page raises SIGBUS, which the reader's handler
  /// (CutProofMapping) turns into a refusal.
  @Test(
    "a binary list cut while it is read: refused, naming it, and the SIGBUS handler allocates nothing",
    .requires(.python3))
  func listCutWhileRead() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var environment = try probe(in: folder)
    let xml = folder.appending(path: "list.plist"), list = folder.appending(path: "list.bplist")
    try StaleTemporaryFileTests.bigList(1_000).write(to: xml, atomically: false, encoding: .utf8)
    let (converted, output) = try runCombiningOutput(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import plistlib, sys; plistlib.dump(plistlib.load(open(sys.argv[1], 'rb')), open(sys.argv[2], 'wb'), fmt=plistlib.FMT_BINARY)",
        xml.path, list.path,
      ])
    try #require(converted == 0, "\(output)")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: list.path)[.size] as? Int)
    try #require(size > 4 * 4096)
    environment["HANDLER_PROBE_CUT"] = list.path
    let (status, stdout, stderr) = try EndToEndTests.run(
      [list.path, "-f", "text", "--now", "2026-11-30T14:00:00Z", "-z", "UTC"], environment: environment)
    #expect(
      stderr == "posttim-report: error: \(list.path): changed while it was read (\(size) bytes when opened, 100 now)\n")
    #expect(status == 65)
    #expect(stdout == "")
  }
}
