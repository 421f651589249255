import Foundation
import Testing
import TestSupport

extension ExternalTool {
  /// The `posttim-report` executable beside the test bundle (``EndToEndTests/binary``).
  static let builtBinary = ExternalTool(
    "the built posttim-report binary", install: "swift build", isPresent: { EndToEndTests.binary != nil })
}

/// Runs the built `posttim-report` binary, as cron would.
@Suite("End to end")
struct EndToEndTests {
  /// The executable sits beside the test bundle in the build folder.
  static let binary: URL? = {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [folder, folder.deletingLastPathComponent()] {
      let url = candidate.appending(path: "posttim-report")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    let built = TestPaths.packageRoot.appending(path: ".build/debug/posttim-report")
    return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
  }()

  func run(_ arguments: [String], environment: [String: String], stdin: FileHandle? = nil) throws -> (
    Int32, String, String
  ) {
    try Self.run(arguments, environment: environment, stdin: stdin)
  }

  /// Runs the binary; `stdin` nil means an empty pipe. The default
  /// environment names the POSIX locale, so no "no locale given" warning.
  static func run(_ arguments: [String], environment: [String: String] = ["LANG": "C.UTF-8"], stdin: FileHandle? = nil)
    throws
    -> (Int32, String, String)
  {
    let process = Process()
    process.executableURL = Self.binary  // the suites are disabled when it is nil
    process.arguments = arguments
    process.environment = environment
    if let stdin { process.standardInput = stdin }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
  }

  @Test(
    "the binary prints the Markdown agenda and exits 0", .enabled(if: binary != nil, "posttim-report binary not built"))
  func example() throws {
    let (status, stdout, stderr) = try run(
      [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z"],
      environment: ["LANG": "fr_CA.UTF-8", "TZ": ":America/Toronto"])
    #expect(status == 0)
    #expect(stderr == "")
    let golden = TestPaths.packageRoot.appending(path: "Tests/PosttimReportTests/Snapshots/example.fr_CA.md")
    let expected = try String(contentsOf: golden, encoding: .utf8)
      .replacingOccurrences(of: "posttim-report (tests)", with: "posttim-report 0.1.0")
    #expect(stdout == expected)
  }

  @Test("exit statuses reach the shell", .enabled(if: binary != nil, "posttim-report binary not built"))
  func statuses() throws {
    #expect(try run(["--bogus"], environment: [:]).0 == 64)
    #expect(try run(["/nonexistent.plist"], environment: [:]).0 == 66)
    #expect(try run(["-"], environment: [:]).0 == 65)  // empty stdin
  }
}
