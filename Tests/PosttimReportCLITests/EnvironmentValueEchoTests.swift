import Foundation
import Testing
import TestSupport

/// A value from the environment quoted in a warning or an error reaches
/// the terminal escaped, as option and config values do: an ESC in `TZ`
/// cannot recolour it, and a long value is cut at 80 characters.
@Suite("Environment values echoed", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct EnvironmentValueEchoTests {
  @Test("an ESC in TZ is shown as \\u{1b} in the warning")
  func escapeInTZ() throws {
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -l fr_CA -f csv", environment: ["TZ": "\u{1B}[31mEvil"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "posttim-report: warning: TZ=\"\\u{1b}[31mEvil\" is not a time zone this tool knows; "
        + "using UTC (as the C library does)\n")
  }

  @Test("a long TZ is cut at 80 characters in the warning")
  func longTZ() throws {
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -l fr_CA -f csv",
      environment: ["TZ": String(repeating: "z", count: 200)])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("posttim-report: warning: TZ=\"\(String(repeating: "z", count: 80))…\" is not"))
  }

  @Test("an ESC in LANG is escaped in the message")
  func escapeInOtherVariables() throws {
    let lang = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC -f csv", environment: ["LANG": "\u{1B}[31mX"])
    #expect(lang.stderr.contains("invalid locale \"\\u{1b}[31mX\""), "\(lang.stderr)")
    // Only the tool's own lines: bash and perl warn about the bad LANG too.
    let own = lang.stderr.split(separator: "\n").filter { $0.hasPrefix("posttim-report:") }
    #expect(own.count == 1 && !own.joined().contains("\u{1B}"))
  }
}
