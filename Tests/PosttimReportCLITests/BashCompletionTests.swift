import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

/// The bash completion as bash runs it: the generated function called with
/// the words of a command line, and the candidates it leaves in COMPREPLY.
@Suite("bash completion, as bash runs it")
struct BashCompletionTests {
  static let bash = Subprocess.tool("bash")

  /// What the completion function offers for `words`, the last one being
  /// completed.
  static func complete(_ words: [String]) throws -> (offered: [String], errors: String) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "bash-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appending(path: "posttim-report.bash")
    try CompletionScript.bash.write(to: script, atomically: true, encoding: .utf8)
    let quoted = words.map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
    let program = """
      source '\(script.path)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _posttim_report
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try Subprocess.run(bash!, ["--norc", "--noprofile", "-c", program])
    return (result.stdout.split(separator: "\n").map(String.init), result.stderr)
  }

  @Test("bash offers the CSV delimiters as the tool reads them, the tab as \\t", .requires(.bash))
  func delimiters() throws {
    let (offered, errors) = try Self.complete(["posttim-report", "--csv-delimiter", ""])
    #expect(errors == "")
    #expect(offered == [",", ";", "|", "\\t"])
  }

  @Test("bash offers the formats and the relative days as words", .requires(.bash))
  func plainChoices() throws {
    #expect(try Self.complete(["posttim-report", "-f", "j"]).offered == ["json"])
    #expect(try Self.complete(["posttim-report", "--from", "t"]).offered == ["today", "tomorrow"])
  }
}
