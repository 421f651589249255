import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Verbatim patterns and windows that start in the past, through the
/// command line, on the shipped example (fr_CA, America/Toronto, now
/// 2026-11-30T14:00Z). Expected strings by hand:
/// `xxx` is the ISO offset (UTS #35), 01:30 on 1 Nov 2026 is EDT then EST.
@Suite("CLI: verbatim patterns and past windows")
struct DateWindowCLITests {
  static let common = [
    TestPaths.example.path, "--locale", "fr_CA", "--time-zone", "America/Toronto", "--now", "2026-11-30T14:00:00Z",
  ]

  @Test("--pattern with an offset field: a repeated wall time is printed verbatim, never decorated")
  func verbatimPattern() {
    let run = expectRun(arguments: Self.common + ["--pattern", "yyyy.MM.dd HH:mm xxx", "-f", "csv"], exit: .success)
    #expect(run.stdout.contains("\r\n2026.11.01 01:30 -04:00,Vérifier les réveils (1re fois 1 h 30),2,"))
    #expect(run.stdout.contains("\r\n2026.11.01 01:30 -05:00,Vérifier les réveils (2e fois 1 h 30),2,"))
    #expect(!run.stdout.contains("(UTC") && !run.stdout.contains("(GMT"))
    let plain = expectRun(arguments: Self.common + ["--pattern", "yyyy.MM.dd HH:mm", "-f", "csv"], exit: .success)
    #expect(plain.stdout.contains("\r\n2026.11.01 01:30,Vérifier les réveils (1re fois 1 h 30),2,"))
    #expect(plain.stdout.contains("\r\n2026.11.01 01:30,Vérifier les réveils (2e fois 1 h 30),2,"))
  }

  @Test("an explicit --from before today: past days are day sections; without it, one overdue block")
  func pastWindow() {
    let run = expectRun(arguments: Self.common + ["--from", "2026-11-27", "--to", "2026-11-30"], exit: .success)
    let headers = run.stdout.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(
      headers == [
        "## Vendredi 27 novembre 2026", "## Samedi 28 novembre 2026", "## Aujourd’hui — lundi 30 novembre 2026",
      ])
    let defaultWindow = expectRun(arguments: Self.common + ["--to", "2026-11-30"], exit: .success)
    #expect(
      defaultWindow.stdout.split(separator: "\n").filter { $0.hasPrefix("## ") } == [
        "## En retard", "## Aujourd’hui — lundi 30 novembre 2026",
      ])
  }
}
