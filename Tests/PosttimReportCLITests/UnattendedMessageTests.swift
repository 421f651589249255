import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

/// What an unattended run prints and sends when its environment is bare.
@Suite("Unattended messages")
struct UnattendedMessageTests {
  @Test("an error echoing a 5,000-character value cuts the value at 80 characters and keeps its reason")
  func longValueCut() {
    let run = expectRun(
      arguments: [TestPaths.example.path, "--config", "/dev/null", "-l", String(repeating: "a", count: 5_000)],
      exit: .usage)
    #expect(
      run.stderr.first
        == "posttim-report: error: invalid locale \"\(String(repeating: "a", count: 80))…\": "
        + "use an ICU locale ID (fr_CA) or a BCP 47 tag (fr-CA)")
  }

  @Test("without LOGNAME or USER the sender is the user's own name at the host")
  func defaultSenderFromPasswordDatabase() {
    let run = expectRun(
      arguments: [
        TestPaths.example.path, "--config", "/dev/null", "-l", "fr_CA", "-z", "America/Toronto", "-f", "email",
        "--mail-to", "zoe@example.org", "--now", "2026-11-30T14:00:00Z",
      ], exit: .success, environment: ["PATH": "/usr/bin:/bin"])
    let from = run.stdout.split(separator: "\r\n").first { $0.hasPrefix("From: ") }
    #expect(from?.hasPrefix("From: \(NSUserName())@") == true, "\(String(describing: from))")
  }
}
