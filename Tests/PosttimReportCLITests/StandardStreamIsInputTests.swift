import Foundation
import TestSupport
import Testing

/// Standard output and standard error are written to, so neither may be a
/// file the run reads: `>> app.plist` appended the CSV to the task list
/// (exit 0), `2>> app.plist` a warning, `>> config` the report to the
/// config file; and a list linked to `/proc/self/fd/1` read the run's own
/// pipe and waited forever.
@Suite(
  "Standard output or error that is an input",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StandardStreamIsInputTests {
  static let usageHint =
    "Usage: posttim-report [options] FILE... (- for stdin)\nSee 'posttim-report --help' for more information.\n"
  static let now = "--now 2026-11-30T14:00:00Z -z UTC"

  /// Runs `script` in a fresh folder holding the example list as `app.plist`
  /// (`$D` is the folder); returns the result and the list's bytes after.
  static func run(_ script: String, setup: String = "") throws -> (result: Subprocess.Result, list: Data) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: TestPaths.example, to: folder.appending(path: "app.plist"))
    let result = try GuardedShell.run("cd \"$D\"\n" + setup + "\n" + script, environment: ["D": folder.path])
    return (result, try Data(contentsOf: folder.appending(path: "app.plist")))
  }

  @Test(
    "standard output appending to, or opened on, the task list is 64, the list unchanged",
    arguments: [
      "\"$BIN\" app.plist \(now) -f csv >> app.plist",
      "\"$BIN\" app.plist \(now) -f csv 1<>app.plist",
      "\"$BIN\" app.plist \(now) -f csv -o - >> app.plist",
      "\"$BIN\" app.plist \(now) -f csv -o out.csv >> app.plist",
    ])
  func outputIsTheList(_ script: String) throws {
    let (result, list) = try Self.run(script + " 2> err; s=$?; cat err >&2; exit $s")
    #expect(result.status == 64)
    #expect(list == (try Data(contentsOf: TestPaths.example)))
    #expect(
      result.stderr
        == "posttim-report: error: standard output is the input 'app.plist'; refusing to write into a task list\n"
        + Self.usageHint)
  }

  @Test("standard output on the file standard input reads the list from: 64")
  func outputIsStandardInput() throws {
    let (result, list) = try Self.run("\"$BIN\" - \(Self.now) < app.plist >> app.plist")
    #expect(result.status == 64)
    #expect(list == (try Data(contentsOf: TestPaths.example)))
    #expect(
      result.stderr
        == "posttim-report: error: standard output is standard input; refusing to write into a task list\n"
        + Self.usageHint)
  }

  @Test(
    "standard error appending to the task list is 64, and nothing is written to it",
    arguments: ["-l sw_KE", "--bogus-option", "--from yesterday --to last-year"])
  func errorIsTheList(_ arguments: String) throws {
    let (result, list) = try Self.run("\"$BIN\" app.plist \(Self.now) -f csv \(arguments) 2>> app.plist")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(list == (try Data(contentsOf: TestPaths.example)))
  }

  @Test("standard output or error on the config file is 64 before it is read, the file unchanged")
  func configFile() throws {
    let config = "time-zone = UTC\n"
    let (result, _) = try Self.run(
      "\"$BIN\" app.plist --config c.conf \(Self.now) >> c.conf 2> err; s=$?; cat err >&2; "
        + "\"$BIN\" app.plist --config c.conf \(Self.now) 2>> c.conf > out; t=$?; cat c.conf; exit $((s * 1000 + t))",
      setup: "printf '\(config.replacingOccurrences(of: "\n", with: "\\n"))' > c.conf; chmod 600 c.conf")
    #expect(result.status == (64 * 1000 + 64) % 256)
    #expect(result.stdout == config)
    #expect(
      result.stderr
        == "posttim-report: error: standard output is the config file 'c.conf'; refusing to write into a file the "
        + "run reads\n" + Self.usageHint)
  }

  @Test("standard output on a template folder's partial is 64, the partial unchanged")
  func partial() throws {
    let (result, _) = try Self.run(
      "\"$BIN\" app.plist \(Self.now) --template-dir td >> td/markdown/footer.mustache; s=$?; "
        + "cat td/markdown/footer.mustache; exit $s",
      setup: "mkdir -p td/markdown; echo footer > td/markdown/footer.mustache")
    #expect(result.status == 64)
    #expect(result.stdout == "footer\n")
    #expect(
      result.stderr
        == "posttim-report: error: standard output is the template folder's file 'td/markdown/footer.mustache'; "
        + "refusing to write into a file the run reads\n" + Self.usageHint)
  }

  @Test("a list linked to the run's own standard output pipe is 64 at once, not a hang")
  func listIsOwnPipe() throws {
    let (result, _) = try Self.run(
      "\"$BIN\" self.plist \(Self.now) -f csv | cat; exit ${PIPESTATUS[0]}", setup: "ln -s /proc/self/fd/1 self.plist")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "posttim-report: error: standard output is the input 'self.plist'; refusing to write into a task list\n"
        + Self.usageHint)
  }

  @Test("a roster reader's list that is the caller's link to the run's own pipe refuses the roster: 64, nothing made")
  func rosterReaderIsOwnPipe() throws {
    let (result, _) = try Self.run(
      "\"$BIN\" roster roster.csv -o out --state st --now 2026-11-22T10:00:00Z | cat; s=${PIPESTATUS[0]}; ls out; exit $s",
      setup: """
        mkdir out; cp app.plist a.plist; cp app.plist c.plist; ln -s /proc/self/fd/1 b.plist
        printf 'id,list,mail-to\\na,a.plist,a@example.org\\nb,b.plist,b@example.org\\nc,c.plist,c@example.org\\n' > roster.csv
        chmod 600 roster.csv
        """)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "posttim-report: error: roster 'roster.csv', row 3, column 'list': standard output is this reader's list "
        + "'b.plist'; refusing to write into a task list\n"
        + "Usage: posttim-report roster [options] ROSTER.csv (--send | -o DIR)\n"
        + "See 'posttim-report roster --help' for more information.\n")
  }

  @Test("a roster whose standard output is the roster file is 64, the file unchanged")
  func rosterFile() throws {
    let csv = "id,list,mail-to\na,app.plist,a@example.org\n"
    let (result, _) = try Self.run(
      "\"$BIN\" roster roster.csv -o out --state st --now 2026-11-22T10:00:00Z >> roster.csv; s=$?; cat roster.csv; exit $s",
      setup: "mkdir out; printf '\(csv.replacingOccurrences(of: "\n", with: "\\n"))' > roster.csv; chmod 600 roster.csv"
    )
    #expect(result.status == 64)
    #expect(result.stdout == csv)
    #expect(
      result.stderr.hasPrefix(
        "posttim-report: error: standard output is the roster 'roster.csv'; refusing to write into a file the run reads\n"
      ))
  }
}
