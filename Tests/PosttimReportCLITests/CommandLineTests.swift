import Foundation
import PosttimReportCLI
import Testing
import TestSupport

@Suite("Command line")
struct CommandLineTests {
  let example = TestPaths.example.path

  @Test("the example to stdout, locale and zone from LANG and TZ")
  func environmentDefaults() {
    let run = expectRun(arguments: [example], exit: .success, stderr: [])
    #expect(run.stdout.hasPrefix("# Agenda\n\nFuseau horaire\u{00A0}: heure de l’Est (America/Toronto)\n"))
    #expect(run.stdout.contains("## Aujourd’hui — lundi 30 novembre 2026\n"))
  }

  @Test("--help and --version go to stdout with status 0")
  func helpAndVersion() {
    let help = expectRun(arguments: ["--help"], exit: .success)
    #expect(help.stdout.contains("Usage: posttim-report [options] FILE... (- for stdin)"))
    let version = expectRun(arguments: ["--version"], exit: .success)
    #expect(version.stdout.hasPrefix("posttim-report 0.1.0 (ICU 72.1, CLDR 42.0, tz data "))
    // The system tz database the dates follow, and ICU's own.
    #expect(
      version.stdout.contains(" from /usr/share/zoneinfo; ICU's own ")
        || ProcessInfo.processInfo.environment["TZDIR"] != nil)
  }

  @Test(
    "usage errors: status 64, one error line, the usage and a hint",
    arguments: [
      (["--colour", "x.plist"], "unknown option '--colour'"),
      (["--local", "fr", "x.plist"], "unknown option '--local' (did you mean '--locale'?)"),
      (["--format"], "option '--format' needs a value"),
      (
        ["--format", "pdf", "EXAMPLE"], "unknown format 'pdf' (available: csv, email, html, ics, json, markdown, text)"
      ),
      (["--locale", "xx_YY", "EXAMPLE"], "invalid locale \"xx_YY\": unknown language"),
      (
        ["--time-zone", "Mars/Olympus", "EXAMPLE"],
        "unknown time zone \"Mars/Olympus\" (expected an IANA time zone ID such as America/Toronto)"
      ),
      (["--skeleton", "jm", "--pattern", "HH:mm", "EXAMPLE"], "use --skeleton or --pattern, not both"),
      (["--pattern", "HH:mm'", "EXAMPLE"], "invalid pattern \"HH:mm'\": unterminated quote"),
      (["--min-importance", "10", "EXAMPLE"], "--min-importance takes a whole number from 1 to 9, got '10'"),
      (
        ["--now", "2026-11-30", "EXAMPLE"],
        "--now needs a date-time with an offset, e.g. 2026-11-30T09:00:00-05:00 or …Z"
      ),
      (["--from", "2026-12-05", "--to", "2026-12-01", "EXAMPLE"], "--to (2026-12-01) is before --from (2026-12-05)"),
      (["--days", "3", "--to", "2026-12-01", "EXAMPLE"], "use --to or --days, not both"),
      ([], "no task list given (name a FILE, or - for stdin)"),
      (["--details", "--no-details", "EXAMPLE"], "use --details or --no-details, not both"),
      (["--width", "12", "EXAMPLE"], "--width takes a whole number from 20 to 1000, got '12'"),
      (
        ["--time-zone", "GMT+5", "EXAMPLE"],
        "time zone \"GMT+5\" is ambiguous (POSIX reads it as UTC−05:00, ICU as UTC+05:00); "
          + "write the offset in ISO 8601, east of Greenwich positive: '+05:00' for UTC+05:00, '-05:00' for UTC−05:00"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    let run = expectRun(
      arguments: arguments.map { $0 == "EXAMPLE" ? example : $0 }, exit: .usage,
      stderr: [
        "posttim-report: error: " + message, "Usage: posttim-report [options] FILE... (- for stdin)",
        "See 'posttim-report --help' for more information.",
      ])
    #expect(run.stdout == "")
  }

  @Test("a missing file: status 66")
  func missingFile() {
    expectRun(
      arguments: ["/nonexistent/listeDesTaches.plist"], exit: .noInput,
      stderr: ["posttim-report: error: /nonexistent/listeDesTaches.plist: no such file"])
  }

  @Test("bad task lists: status 65, every bad input named, nothing written")
  func badInputs() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = try exampleList(
      replacing: "<string>6</string>", with: "<string>urgent</string>", as: "bad.plist", in: folder)
    let empty = folder.appending(path: "empty.plist")
    try Data().write(to: empty)
    let output = folder.appending(path: "agenda.md")
    expectRun(
      arguments: [bad.path, empty.path, "-o", output.path], exit: .dataError,
      stderr: [
        "posttim-report: error: \(bad.path): entry 5: \"importance\" must be 1…9, got \"urgent\"",
        "posttim-report: error: \(empty.path): is empty, not a property list",
      ])
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("-o writes atomically: same bytes as stdout, no temp file left")
  func outputFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "agenda.html")
    expectRun(arguments: [example, "--format", "html", "-o", output.path], exit: .success)
    let toStdout = expectRun(arguments: [example, "--format=html"], exit: .success)
    #expect(try String(contentsOf: output, encoding: .utf8) == toStdout.stdout)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["agenda.html"])
  }

  @Test("-o into a missing folder: status 73")
  func cannotCreate() {
    expectRun(
      arguments: [example, "-o", "/nonexistent/folder/agenda.md"], exit: .cannotCreate,
      stderr: [
        "posttim-report: error: /nonexistent/folder/agenda.md: cannot create output file (No such file or directory)"
      ])
  }

  @Test("-o naming the input is refused and the input is unchanged")
  func outputIsInput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "listeDesTaches.plist")
    try FileManager.default.copyItem(at: TestPaths.example, to: input)
    let before = try Data(contentsOf: input)
    expectRun(arguments: [input.path, "-o", folder.path + "/./listeDesTaches.plist"], exit: .usage)
    #expect(try Data(contentsOf: input) == before)
  }

  @Test("a template that does not parse: status 78, and no output file")
  func brokenTemplate() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "markdown"), withIntermediateDirectories: true)
    try "{{#tasks}}\n| {{when}} |\n".write(
      to: folder.appending(path: "markdown/task.mustache"), atomically: true, encoding: .utf8)
    let output = folder.appending(path: "out.md")
    let run = expectRun(arguments: [example, "--template-dir", folder.path, "-o", output.path], exit: .configuration)
    #expect(run.stderr.first?.hasPrefix("posttim-report: error: task:") == true)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("'-' reads the task list from stdin; --locale, --time-zone, --pattern override")
  func stdinAndOverrides() throws {
    let run = expectRun(
      arguments: [
        "-", "--format", "csv", "--locale", "en-US", "--time-zone", "Asia/Kathmandu", "--pattern", "yyyy.MM.dd HH:mm",
        "--from", "2026-12-06", "--to", "2026-12-06",
      ], exit: .success, stdin: try Data(contentsOf: TestPaths.exampleBinary))
    // 23:00Z on 5 Dec is 04:45 on 6 Dec in Kathmandu (UTC+05:45).
    #expect(
      run.stdout
        == "date,tache,importance,description,date_utc\r\n"
        + "2026.12.06 04:45,Souper chez Mamie 🎂,4,Apporter le gâteau 🍰 et les bougies.,2026-12-05T23:00:00Z\r\n")
  }

  @Test("C locale means en_US_POSIX; an unknown TZ warns and uses UTC")
  func posixAndBadTZ() {
    let run = expectRun(
      arguments: [example, "--from", "2026-12-07", "--to", "2026-12-07", "--no-relative"], exit: .success,
      stderr: [
        "posttim-report: warning: TZ=\"Nowhere/Atlantis\" is not a time zone this tool knows; using UTC (as the C library does)"
      ], environment: ["LC_ALL": "C", "TZ": "Nowhere/Atlantis"])
    #expect(run.stdout.contains("## Monday, December 7, 2026\n"))
    #expect(run.stdout.contains("| 3:00\u{202F}PM | =SOMME(A1:A9) vérifier le budget | 5 |"))
  }
}

extension CommandLineTests {
  @Test("text width: --width N, else COLUMNS, else 80; every line fits")
  func textWidth() {
    func widest(_ arguments: [String], columns: String? = nil) -> Int {
      var environment = CapturedRun.defaultEnvironment
      environment["COLUMNS"] = columns
      let run = expectRun(
        arguments: [example, "--format", "text", "--now", "2026-11-30T14:00:00Z"] + arguments, exit: .success,
        environment: environment)
      let lines: [Substring] = run.stdout.split(separator: "\n")
      return lines.map(\.count).max() ?? 0  // French text: one column per Character
    }
    #expect(widest([]) <= 80)
    #expect(widest([]) > 60)
    #expect(widest([], columns: "50") <= 50)
    #expect(widest(["--width", "40"], columns: "50") <= 40)
    // 160 columns leave room for the table layout: its rule line is exactly as wide as the columns.
    #expect(widest(["--width", "160"]) > 100)
  }

  @Test("COLUMNS outside --width's 20…1000 is ignored: the output is the 80-column default's")
  func columnsOutOfRange() {
    func text(columns: String?) -> String {
      var environment = CapturedRun.defaultEnvironment
      environment["COLUMNS"] = columns
      return expectRun(
        arguments: [example, "--format", "text", "--now", "2026-11-30T14:00:00Z"], exit: .success,
        environment: environment
      ).stdout
    }
    let standard = text(columns: nil)
    for columns in ["5", "19", "1001", "100000", "0", "-3"] {
      #expect(text(columns: columns) == standard, "COLUMNS=\(columns)")
    }
    #expect(text(columns: "80") == standard)
    let narrow: [Substring] = text(columns: "20").split(separator: "\n")
    #expect(narrow.map(\.count).max() ?? 99 <= 20)
    #expect(text(columns: "1000") != standard)
  }

  @Test("--no-details leaves the HTML details out; --details is the html default")
  func details() {
    let common = [example, "--format", "html", "--now", "2026-11-30T14:00:00Z"]
    let standard = expectRun(arguments: common, exit: .success)
    let with = expectRun(arguments: common + ["--details"], exit: .success)
    let without = expectRun(arguments: common + ["--no-details"], exit: .success)
    #expect(standard.stdout == with.stdout)
    #expect(standard.stdout.contains("<article id=\"task-"))
    #expect(!without.stdout.contains("<article"))
  }
}
