import Foundation
import Testing
import TestSupport

/// `--sendmail NAME` is looked up in PATH's absolute folders only: an
/// empty or relative entry, which execvp takes as the current folder, never
/// starts the `./sendmail` of the folder the run was started in.
@Suite(
  "sendmail lookup skips empty and relative PATH entries",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct SendmailPathEntriesTests {
  @Test(
    "PATH with an empty or relative entry, run from the folder holding ./sendmail: exit 69, never run",
    arguments: ["/nonexistent:", "", ".", "/nonexistent::/nonexistent2", "./"])
  func currentFolderSkipped(path: String) throws {
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    let result = try LimitedRun.run(
      "cd '\(sendmail.folder.path)'", SendmailProgramMessageTests.arguments + ["--sendmail", "sendmail"],
      environment: ["LANG": "C.UTF-8", "PATH": path])
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("posttim-report: error: cannot send: no program named sendmail on PATH (\(path));"))
    #expect(!FileManager.default.fileExists(atPath: sendmail.message.path))
  }
}
