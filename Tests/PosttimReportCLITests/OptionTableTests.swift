import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

/// The option table is the one source of truth: the parser, help, man
/// page, completions, docs/usage.md and config file all come from it.
@Suite("Option table")
struct OptionTableTests {
  @Test("names, aliases and short names are unique within each command")
  func unique() {
    for specs in [ReportOptions.all, PreviewOptions.all] {
      let names = specs.flatMap { [$0.name] + $0.aliases }
      #expect(Set(names).count == names.count)
      let shorts = specs.compactMap(\.short)
      #expect(Set(shorts).count == shorts.count)
    }
    #expect(ReportOptions.all.allSatisfy { $0.commands.contains(.report) })
    #expect(PreviewOptions.all.allSatisfy { $0.commands.contains(.preview) })
  }

  @Test("docs/usage.md's option tables are the generated ones (RECORD_SNAPSHOTS=1 rewrites them)")
  func readmeTables() throws {
    let url = TestPaths.packageRoot.appending(path: "docs/usage.md")
    var readme = try String(contentsOf: url, encoding: .utf8)
    var changed = false
    for (name, specs) in [("report", ReportOptions.all), ("preview", PreviewOptions.all)] {
      let begin =
        "<!-- options:\(name) (generated from the option table; RECORD_SNAPSHOTS=1 swift test updates it) -->\n"
      let end = "\n<!-- /options:\(name) -->"
      let start = try #require(readme.range(of: begin), "docs/usage.md lacks the \(name) options marker")
      let stop = try #require(readme.range(of: end, range: start.upperBound..<readme.endIndex))
      let expected = OptionsMarkdown.table(specs)
      if String(readme[start.upperBound..<stop.lowerBound]) != expected {
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
          readme.replaceSubrange(start.upperBound..<stop.lowerBound, with: expected)
          changed = true
        } else {
          Issue.record("docs/usage.md \(name) option table differs from the option table; expected:\n\(expected)")
        }
      }
    }
    if changed { try readme.write(to: url, atomically: true, encoding: .utf8) }
  }

  @Test("help lists every option of its command, once")
  func help() {
    for (text, specs) in [(HelpRenderer.report, ReportOptions.all), (HelpRenderer.preview, PreviewOptions.all)] {
      for spec in specs {
        let lines = text.split(separator: "\n").filter {
          let option = $0.trimmingCharacters(in: .whitespaces)
          return $0.hasPrefix("  ") && (option == spec.synopsis || option.hasPrefix(spec.synopsis + " "))
        }
        #expect(lines.count == 1, "--\(spec.name)")
      }
      #expect(text.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
    #expect(
      HelpRenderer.report.contains(
        "  -f, --format NAME        csv, email, html, ics, json, markdown or text (default: markdown)\n"))
  }

  @Test("typos suggest the closest option by edit distance with transpositions")
  func suggestions() {
    let names = ReportOptions.all.map(\.name)
    #expect(Suggestion.closest(to: "fromat", in: names) == "format")
    #expect(Suggestion.closest(to: "local", in: names) == "locale")
    #expect(Suggestion.closest(to: "tiem-zone", in: names) == "time-zone")
    #expect(Suggestion.closest(to: "colour", in: names) == nil)
    #expect(Suggestion.distance(Array("ca"), Array("abc")) == 3)  // OSA, not unrestricted Damerau
    #expect(Suggestion.distance(Array("form"), Array("from")) == 1)
    #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
  }
}

/// The generated man page and completion scripts, checked by their real
/// consumers: groff, bash's completion machinery, zsh and fish parsers.
@Suite("Man page and completions")
struct GeneratedDocumentationTests {
  static func tool(_ name: String) -> String? { Subprocess.tool(name) }

  static func run(_ executable: String, _ arguments: [String], stdin: String = "") throws -> (Int32, String, String) {
    let result = try Subprocess.run(executable, arguments, stdin: stdin)
    return (result.status, result.stdout, result.stderr)
  }

  @Test(
    "groff renders the man page with every warning on and none given",
    .requires(.groff))
  func manPage() throws {
    let (status, page, warnings) = try Self.run(
      Self.tool("groff")!, ["-ww", "-man", "-Tutf8", "-P-cbou"], stdin: ManPage.text)
    #expect(status == 0)
    #expect(warnings == "")
    #expect(page.contains("--generate-completion-script SHELL"))
    #expect(page.contains("(1…9)"))
    #expect(page.contains("PREVIEW OPTIONS"))
  }

  @Test(
    "bash completes --form to --format, format names and preview's options",
    .requires(.bash))
  func bash() throws {
    let script = CompletionScript.bash
    func complete(_ words: [String]) throws -> String {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let program =
        script + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _posttim_report; echo \"${COMPREPLY[*]}\""
      let (status, output, errors) = try Self.run(Self.tool("bash")!, ["--norc", "-c", program])
      #expect(status == 0, "\(errors)")
      return output.trimmingCharacters(in: .newlines)
    }
    #expect(try complete(["posttim-report", "--form"]) == "--format")
    #expect(try complete(["posttim-report", "--format", "h"]) == "html")
    #expect(try complete(["posttim-report", "--group-by", ""]) == "day week")
    #expect(try complete(["posttim-report", "preview", "--rep"]) == "--report")
    #expect(try complete(["posttim-report", "--time-zone", "America/Toron"]) == "America/Toronto")
  }

  @Test(
    "zsh and fish parse their scripts", .requires(.zsh, .fish))
  func zshAndFish() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "completions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try CompletionScript.zsh.write(to: folder.appending(path: "_posttim-report"), atomically: true, encoding: .utf8)
    try CompletionScript.fish.write(
      to: folder.appending(path: "posttim-report.fish"), atomically: true, encoding: .utf8)
    #expect(try Self.run(Self.tool("zsh")!, ["-n", folder.appending(path: "_posttim-report").path]).0 == 0)
    #expect(try Self.run(Self.tool("fish")!, ["-n", folder.appending(path: "posttim-report.fish").path]).0 == 0)
    // fish: the completions it offers for `--form`.
    let (_, offered, _) = try Self.run(
      Self.tool("fish")!,
      [
        "--no-config", "-c",
        "source \(folder.appending(path: "posttim-report.fish").path); complete -C 'posttim-report --form'",
      ])
    #expect(offered.hasPrefix("--format\t"))
  }
}
