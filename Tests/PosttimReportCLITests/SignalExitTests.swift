import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// SIGHUP, SIGINT, SIGQUIT and SIGTERM end a run the same way, whenever
/// they come: it dies of that signal (the shell shows 128 + its number),
/// prints nothing (no "Program crashed", no backtrace), removes its
/// temporary file and leaves no output file.
@Suite(
  "Signals end a run alike", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct SignalExitTests {
  static let signals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

  /// The system call number of read(2), which /proc/PID/syscall starts with.
  static let readCall: String? = {
    #if arch(x86_64)
      return "0"
    #elseif arch(arm64)
      return "63"
    #else
      return nil
    #endif
  }()

  /// Starts a run reading its standard input (a pipe this test holds
  /// open), with `environment`, waits until it blocks reading descriptor 0,
  /// and signals it.
  /// - Returns: the ended run and its standard error.
  static func signalWhileReading(
    _ number: Int32, environment: [String: String] = ["LANG": "C.UTF-8"]
  ) throws -> (process: Process, stderr: String) {
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = ["-", "--now", "2026-11-30T14:00:00Z"]
    process.environment = environment
    let input = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let pid = process.processIdentifier
    // /proc/PID/syscall: "0 0x0 …" is read(0, …) on x86_64.
    while process.isRunning {
      let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
      if call.hasPrefix("\(readCall!) 0x0 ") { break }
      usleep(2_000)
    }
    kill(pid, number)
    // A run that survived the signal reads end of file and stops.
    try input.fileHandleForWriting.close()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process, stderr)
  }

  @Test(
    "while reading standard input: the run dies of the signal and says nothing",
    .enabled(if: readCall != nil, "needs the read(2) number of this architecture"), arguments: signals)
  func whileReading(signal number: Int32) throws {
    let (process, stderr) = try Self.signalWhileReading(number)
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
    #expect(stderr == "")
  }

  @Test(
    "while writing the output: the run dies of the signal, no temporary file, no output file",
    arguments: signals + TerminatingSignalsTests.signals)
  func whileWriting(signal number: Int32) throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-signal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "big.plist")
    var caught: MidWriteSignal?
    for count in [2_000, 8_000, 32_000] where caught == nil {
      try StaleTemporaryFileTests.bigList(count).write(to: input, atomically: false, encoding: .utf8)
      caught = try MidWriteSignal.send(number, folder: folder, input: input)
    }
    let (process, stderr) = try #require(caught.map { ($0.process, $0.stderr) }, "no run could be caught writing")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
    #expect(stderr == "")
    // A signal that came after the rename finds the new file whole and in place.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["big.plist"] || left == ["agenda.html", "big.plist"], "\(left)")
    if left.contains("agenda.html") {
      #expect(try String(contentsOf: folder.appending(path: "agenda.html"), encoding: .utf8).hasSuffix("</html>\n"))
    }
  }
}
