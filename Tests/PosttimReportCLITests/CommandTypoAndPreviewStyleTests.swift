import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Two things a user meets first: a mistyped command, and the look of
/// `preview --report -f html`.
@Suite("CLI: a mistyped command; the preview page in the report's styles")
struct CommandTypoAndPreviewStyleTests {
  @Test(
    "a first argument that is no file but close to a command: the not-found error suggests it, exit 66",
    arguments: ["previw", "preveiw", "Preview"])
  func suggestsCommand(typo: String) {
    expectRun(
      arguments: [typo], exit: .noInput, error: "posttim-report: error: \(typo): no such file; did you mean 'preview'?")
  }

  @Test("a missing file that is not close to a command, or not first: the plain not-found error")
  func noSuggestion() {
    expectRun(arguments: ["tasks.plist"], exit: .noInput, error: "posttim-report: error: tasks.plist: no such file")
    expectRun(
      arguments: [TestPaths.example.path, "previw"], exit: .noInput,
      error: "posttim-report: error: previw: no such file")
  }

  @Test("preview --report -f html: the report's body font and colours, dark sheet, heading and count styles")
  func previewStyles() throws {
    let html = expectRun(
      arguments: [
        "preview", "--report", TestPaths.example.path, "-l", "fr_CA", "-f", "html", "--date", "2026-11-30T14:00:00Z",
        "--time-zone", "America/Toronto",
      ], exit: .success
    ).stdout
    let body = try String(
      contentsOf: TestPaths.packageRoot.appending(path: "Templates/html/style/body.mustache"), encoding: .utf8)
    let sheet = try String(
      contentsOf: TestPaths.packageRoot.appending(path: "Templates/html/style/sheet.mustache"), encoding: .utf8)
    #expect(body.contains("font-family:-apple-system,'Segoe UI',Roboto"))
    #expect(html.contains("<style>\nbody { \(body.trimmingCharacters(in: .newlines)) }\n"))
    #expect(html.contains(sheet.trimmingCharacters(in: .newlines) + "\n</head>\n<body>\n"))
    #expect(html.contains("h2 { font-size:17px;margin:8px 0 4px 0; }"))
    #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(html.contains("<p class=\"q\">5 tâches</p>\n</section>\n"))
  }
}
