import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

/// The exit statuses `--help` and the man page list agree with
/// docs/usage.md's exit table, the one the guides point to.
@Suite("Exit status documentation")
struct ExitStatusDocumentationTests {
  /// The statuses of usage.md's table (`| 64 | …`), signals left out.
  static func usageStatuses() throws -> [Int] {
    let text = try String(contentsOf: TestPaths.packageRoot.appending(path: "docs/usage.md"), encoding: .utf8)
    let table = try #require(text.components(separatedBy: "## Exit status\n").dropFirst().first)
      .components(separatedBy: "\n## ")[0]
    return table.split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      return cells.count > 2 ? Int(cells[1].trimmingCharacters(in: .whitespaces)) : nil
    }
  }

  static func meaning(_ code: ExitCode) -> String? {
    ExitStatusDocumentation.entries.first { $0.code == code }?.meaning
  }

  @Test("every status of usage.md's exit table is documented, and no other")
  func sameStatuses() throws {
    #expect(ExitStatusDocumentation.entries.map(\.code.rawValue) == (try Self.usageStatuses()).map { Int32($0) })
  }

  @Test("71 is a system limit: descriptors, a memory limit too low for what is read, no process for sendmail")
  func systemLimit() {
    #expect(
      Self.meaning(.osError)
        == "too few file descriptors (ulimit -n); a memory limit (ulimit -v, ulimit -d) too low for the task lists, "
        + "the templates and catalogs or a roster; no memory to hold an input read from a pipe; or no process or "
        + "descriptor to start sendmail")
  }

  @Test("78 names the 1 MiB cap on templates, catalogs and the config file, and the roster's state")
  func configuration() {
    #expect(
      Self.meaning(.configuration)
        == "a template, a message catalog or the config file cannot be used: it does not parse, is larger than "
        + "1 MiB (what a report loads from a --template-dir: 4 MiB in all), or (a template) renders past its work budget; a --config file that does not exist; a config "
        + "file, a roster --state folder or journal "
        + "another user could have written is refused, as is a journal of another roster")
  }

  @Test("69 says the mail was not sent")
  func mailNotSent() {
    #expect(
      Self.meaning(.unavailable)
        == "--send could not hand the message to sendmail, sendmail failed, or the sendmail program is not trusted (another "
        + "user's, or in a folder others may change); nothing was sent")
  }

  @Test("the man page lists each status with its meaning")
  func manPage() throws {
    let section = try #require(ManPage.text.components(separatedBy: ".SH EXIT STATUS\n").dropFirst().first)
      .components(separatedBy: ".SH ")[0]
    for entry in ExitStatusDocumentation.entries {
      #expect(section.contains(".TP\n.B \(entry.code.rawValue)\n\(ManPage.escape(entry.meaning))\n"))
    }
  }
}
