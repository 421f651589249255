import Foundation
import Testing
import TestSupport

/// A low stack limit (`ulimit -s 32`) is raised to what a run needs, up to
/// the hard limit, and the run goes on; when the hard limit is lower, the
/// run stops with exit 71 and says so, instead of dying of SIGSEGV.
@Suite(
  "Stack size limit", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StackLimitTests {
  static let run = "\"$BIN\" \"$EXAMPLE\" -l fr_CA -z UTC --now 2026-11-30T14:00:00Z"

  @Test(
    "a soft limit of 32 KiB is raised: the same report as without it",
    arguments: ["-f html", "-f email --details --mail-to a@example.org --mail-from b@example.org", "-f markdown"])
  func softLimitRaised(format: String) throws {
    let free = try GuardedShell.run("exec \(Self.run) \(format)")
    let limited = try GuardedShell.run("ulimit -S -s 32; exec \(Self.run) \(format)")
    #expect(free.status == 0)
    #expect(limited.status == 0)
    #expect(limited.stderr == "")
    // The e-mail's boundary and Message-ID are random; the rest is the same.
    let lines = { (text: String) in
      text.split(separator: "\n").filter {
        !$0.contains("boundary") && !$0.hasPrefix("--") && !$0.hasPrefix("Message-ID")
      }
    }
    #expect(lines(limited.stdout) == lines(free.stdout))
  }

  @Test("a hard limit of 32 KiB: exit 71, saying why, nothing written")
  func hardLimitTooLow() throws {
    let limited = try GuardedShell.run("ulimit -s 32; exec \(Self.run) -f html")
    #expect(limited.status == 71)
    #expect(
      limited.stderr
        == "posttim-report: error: the stack size limit (ulimit -s) is 32 KiB and cannot be raised to the 1024 KiB "
        + "a run needs (hard limit 32 KiB)\n")
    #expect(limited.stdout == "")
  }
}
