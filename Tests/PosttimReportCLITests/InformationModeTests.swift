import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// The information modes print and leave before a report is planned:
/// options only a report run needs are neither resolved nor checked.
@Suite("Information modes leave before the pipeline")
struct InformationModeTests {
  @Test("--list-locales needs only its locale and template folder")
  func listLocales() {
    let run = CapturedRun()
    #expect(run.run(["--list-locales", "-l", "fr_CA", "--format", "email", "--days", "0"]) == .success)
    #expect(run.stdout.hasPrefix("fr_CA: fr (français) → en (English)\n"))
    #expect(run.stderr == [])
  }

  @Test("--version and --help read no config file")
  func beforeConfig() {
    for option in ["--version", "--help"] {
      let run = CapturedRun()
      #expect(run.run([option, "--config", "/nonexistent/config"]) == .success)
      #expect(
        run.stdout.hasPrefix(option == "--version" ? "posttim-report " : "posttim-report: turn Post'TIM task lists"))
    }
  }
}
