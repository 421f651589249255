import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

/// The roster's options come from the one option table: its help, man
/// page section and completions list them.
@Suite("Roster options and documentation")
struct RosterDocumentationTests {
  @Test("names and short names are unique; the roster's own options are the roster's; no run-wide option is a column")
  func table() {
    let names = RosterOptions.all.flatMap { [$0.name] + $0.aliases }
    #expect(Set(names).count == names.count)
    let shorts = RosterOptions.all.compactMap(\.short)
    #expect(Set(shorts).count == shorts.count)
    #expect(RosterOptions.own.allSatisfy { $0.commands == .roster && !$0.configurable })
    #expect(RosterOptions.columns.keys.allSatisfy { !RosterOptions.notColumns.contains($0) })
    #expect(RosterOptions.columns["locale"] != nil && RosterOptions.columns["mail-to"] != nil)
    #expect(!names.contains("format") && !names.contains("dump-context"))
  }

  @Test("roster --help lists every roster option once, within 100 columns")
  func help() {
    let run = expectRun(arguments: ["roster", "--help"], exit: .success, stderr: [])
    #expect(run.stdout == HelpRenderer.roster + "\n")
    for spec in RosterOptions.all {
      let lines = HelpRenderer.roster.split(separator: "\n").filter {
        let option = $0.trimmingCharacters(in: .whitespaces)
        return $0.hasPrefix("  ") && (option == spec.synopsis || option.hasPrefix(spec.synopsis + " "))
      }
      #expect(lines.count == 1, "--\(spec.name)")
    }
    #expect(HelpRenderer.roster.split(separator: "\n").allSatisfy { $0.count <= 100 })
    #expect(HelpRenderer.roster.contains("  -o, --output DIR         write each reader's message to DIR/ID.eml"))
  }

  @Test("groff renders the man page's roster section without a warning", .requires(.groff))
  func manPage() throws {
    let result = try Subprocess.run(
      Subprocess.tool("groff")!, ["-ww", "-man", "-Tutf8", "-P-cbou"], stdin: ManPage.text)
    #expect(result.status == 0 && result.stderr == "")
    #expect(result.stdout.contains("ROSTER OPTIONS"))
    #expect(result.stdout.contains("--shard K/N"))
    #expect(result.stdout.contains("posttim-report roster [options] ROSTER.csv (--send | -o DIR)"))
  }

  @Test("bash completes roster's own options and the roster subcommand", .requires(.bash))
  func bash() throws {
    func complete(_ words: [String]) throws -> String {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let program =
        CompletionScript.bash
        + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _posttim_report; echo \"${COMPREPLY[*]}\""
      let result = try Subprocess.run(Subprocess.tool("bash")!, ["--norc", "-c", program])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout.trimmingCharacters(in: .newlines)
    }
    #expect(try complete(["posttim-report", "ros"]) == "roster")
    #expect(try complete(["posttim-report", "roster", "--sha"]) == "--shard")
    #expect(try complete(["posttim-report", "roster", "--form"]) == "")
  }
}
