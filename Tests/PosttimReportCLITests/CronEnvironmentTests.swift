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
    let run = CapturedRun()
    #expect(
      run.run(example, environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "TZ": "America/Toronto"]) == .success)
    #expect(
      run.stderr == [
        "posttim-report: warning: no locale given (--locale, LC_ALL, LC_TIME and LANG are unset, as under cron): "
          + "the report is in en_US_POSIX; choose one with --locale fr_CA, or 'locale = fr_CA' in the config file"
      ])
    // LANG=C names the POSIX locale on purpose: no warning.
    let posix = CapturedRun()
    #expect(posix.run(example, environment: ["LANG": "C", "TZ": "America/Toronto"]) == .success)
    #expect(posix.stderr == [])
  }

  @Test("EST, MST, HST work as fixed offsets and warn, naming the likely zones")
  func legacyZones() {
    let run = CapturedRun()
    #expect(run.run(example + ["--time-zone", "EST", "--format", "csv"]) == .success)
    #expect(
      run.stderr == [
        "posttim-report: warning: time zone EST is a fixed offset (UTC−05:00) with no daylight saving time; "
          + "for Eastern time with daylight saving time use America/New_York or America/Toronto"
      ])
    // "Café avec Jean-François", 2026-11-30T12:45:00Z, at −05:00.
    #expect(run.stdout.contains("\"30 nov. 2026, 07 h 45\",Café avec Jean-François,"))
    let mst = CapturedRun()
    #expect(mst.run(example + ["--time-zone", "MST"]) == .success)
    #expect(mst.stderr.first?.contains("time zone MST is a fixed offset (UTC−07:00)") == true)
    let device = CapturedRun()
    #expect(device.run(example, environment: ["LANG": "fr_CA.UTF-8", "TZ": "HST"]) == .success)
    #expect(device.stderr.first?.contains("time zone HST is a fixed offset (UTC−10:00)") == true)
  }

  @Test("TZ with POSIX rules: the times glibc gives, no warning")
  func posixRules() {
    let run = CapturedRun()
    let environment = ["LANG": "fr_CA.UTF-8", "TZ": "AEST-10AEDT,M10.1.0,M4.1.0/3"]
    #expect(run.run(example + ["--format", "json"], environment: environment) == .success)
    #expect(run.stderr == [])
    // "Café avec Jean-François", 2026-11-30T12:45:00Z, is 23:45 at +11:00
    // (AEDT), as `TZ=AEST-10AEDT,M10.1.0,M4.1.0/3 date -d 2026-11-30T12:45:00Z` says.
    #expect(run.stdout.contains("\"2026-11-30T23:45:00+11:00\""))
  }
}
