import Foundation
import PosttimReportCLI
import TestSupport
import Testing

/// In the config file a flag takes true or false, and for the two that
/// say one thing both ways, `false` is the other way: `details = false`
/// leaves the details part out as `no-details = true` does, instead of
/// meaning nothing.
@Suite("A config file's details = false")
struct ConfigFlagFalseTests {
  static let base = [
    TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-z", "America/Toronto", "-l", "en_US",
  ]

  /// The output of a run with `config` as its config file.
  func output(_ config: String, _ arguments: [String]) throws -> String {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "report.conf")
    try config.write(to: file, atomically: true, encoding: .utf8)
    return expectRun(arguments: Self.base + arguments + ["--config", file.path], exit: .success).stdout
  }

  @Test("details = false in the file leaves the HTML details part out, as no-details = true does")
  func detailsFalse() throws {
    let falseOutput = try output("details = false\n", ["-f", "html"])
    #expect(falseOutput == (try output("no-details = true\n", ["-f", "html"])))
    #expect(!falseOutput.contains(#"id="details-title""#))
    #expect(try output("", ["-f", "html"]).contains(#"id="details-title""#))
  }

  @Test("no-details = false in the file puts the details part in an e-mail, as details = true does")
  func noDetailsFalse() throws {
    let mail = ["-f", "email", "--mail-to", "b@example.org"]
    #expect(try output("no-details = false\n", mail).contains(#"id=3D"details-title""#))
    #expect(try output("details = true\n", mail).contains(#"id=3D"details-title""#))
    #expect(!(try output("", mail).contains(#"id=3D"details-title""#)))
  }

  @Test("details = false with no-details = false in one file: 78 naming the later line")
  func bothFalseClash() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "report.conf")
    try "details = false\nno-details = false\n".write(to: file, atomically: true, encoding: .utf8)
    let run = expectRun(
      arguments: Self.base + ["-f", "html", "--config", file.path], exit: .configuration,
      stderr: ["posttim-report: error: \(file.path):2: use --details or --no-details, not both"])
    #expect(run.stdout.isEmpty)
  }
}
