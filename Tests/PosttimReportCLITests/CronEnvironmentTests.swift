import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// What a cron job sees: almost no environment.
@Suite("Cron environment")
struct CronEnvironmentTests {
  let example = [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "--to", "2026-12-01"]

  @Test("no locale anywhere: one warning naming en_US_POSIX and how to choose")
  func noLocale() {
    expectRun(
      arguments: example, exit: .success,
      stderr: [
        "posttim-report: warning: no locale given (--locale, LC_ALL, LC_TIME and LANG are unset, as under cron): "
          + "the report is in en_US_POSIX; choose one with --locale fr_CA, or 'locale = fr_CA' in the config file"
      ], environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "TZ": "America/Toronto"])
    // LANG=C names the POSIX locale on purpose: no warning.
    expectRun(arguments: example, exit: .success, stderr: [], environment: ["LANG": "C", "TZ": "America/Toronto"])
  }

  @Test("EST, MST, HST work as fixed offsets and warn, naming the likely zones")
  func legacyZones() {
    let run = expectRun(
      arguments: example + ["--time-zone", "EST", "--format", "csv"], exit: .success,
      stderr: [
        "posttim-report: warning: time zone EST is a fixed offset (UTC−05:00) with no daylight saving time; "
          + "for Eastern time with daylight saving time use America/New_York or America/Toronto"
      ])
    // "Café avec Jean-François", 2026-11-30T12:45:00Z, at −05:00.
    #expect(run.stdout.contains("\"30 nov. 2026, 07 h 45\",Café avec Jean-François,"))
    let mst = expectRun(arguments: example + ["--time-zone", "MST"], exit: .success)
    #expect(mst.stderr.first?.contains("time zone MST is a fixed offset (UTC−07:00)") == true)
    let device = expectRun(arguments: example, exit: .success, environment: ["LANG": "fr_CA.UTF-8", "TZ": "HST"])
    #expect(device.stderr.first?.contains("time zone HST is a fixed offset (UTC−10:00)") == true)
  }

  @Test("TZ with POSIX rules: the times glibc gives, no warning")
  func posixRules() {
    let run = expectRun(
      arguments: example + ["--format", "json"], exit: .success, stderr: [],
      environment: ["LANG": "fr_CA.UTF-8", "TZ": "AEST-10AEDT,M10.1.0,M4.1.0/3"])
    // "Café avec Jean-François", 2026-11-30T12:45:00Z, is 23:45 at +11:00
    // (AEDT), as `TZ=AEST-10AEDT,M10.1.0,M4.1.0/3 date -d 2026-11-30T12:45:00Z` says.
    #expect(run.stdout.contains("\"2026-11-30T23:45:00+11:00\""))
  }
}
