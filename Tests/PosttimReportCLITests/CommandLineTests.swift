import Foundation
import PosttimReportCLI
import Testing
import TestSupport

@Suite("Command line")
struct CommandLineTests {
  let example = TestPaths.example.path

  @Test("the example to stdout, locale and zone from LANG and TZ")
  func environmentDefaults() {
    let run = CapturedRun()
    #expect(run.run([example]) == .success)
    #expect(run.stderr == [])
    #expect(run.stdout.hasPrefix("# Agenda\n\nFuseau horaire\u{00A0}: heure de l’Est (America/Toronto)\n"))
    #expect(run.stdout.contains("## Aujourd’hui — lundi 30 novembre 2026\n"))
  }

  @Test("--help and --version go to stdout with status 0")
  func helpAndVersion() {
    let help = CapturedRun()
    #expect(help.run(["--help"]) == .success)
    #expect(help.stdout.contains("Usage: posttim-report [options] FILE... (- for stdin)"))
    let version = CapturedRun()
    #expect(version.run(["--version"]) == .success)
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
          + "use 'Etc/GMT+5' (tz: UTC−05:00) or 'GMT+05:00' (UTC+05:00)"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    let run = CapturedRun()
    let code = run.run(arguments.map { $0 == "EXAMPLE" ? example : $0 })
    #expect(code == .usage)
    #expect(
      run.stderr == [
        "posttim-report: error: " + message, "Usage: posttim-report [options] FILE... (- for stdin)",
        "See 'posttim-report --help' for more information.",
      ])
    #expect(run.stdout == "")
  }

  @Test("a missing file: status 66")
  func missingFile() {
    let run = CapturedRun()
    #expect(run.run(["/nonexistent/listeDesTaches.plist"]) == .noInput)
    #expect(run.stderr == ["posttim-report: error: /nonexistent/listeDesTaches.plist: no such file"])
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
    let run = CapturedRun()
    #expect(run.run([bad.path, empty.path, "-o", output.path]) == .dataError)
    #expect(
      run.stderr == [
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
    let toFile = CapturedRun()
    #expect(toFile.run([example, "--format", "html", "-o", output.path]) == .success)
    let toStdout = CapturedRun()
    #expect(toStdout.run([example, "--format=html"]) == .success)
    #expect(try String(contentsOf: output, encoding: .utf8) == toStdout.stdout)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["agenda.html"])
  }

  @Test("-o into a missing folder: status 73")
  func cannotCreate() {
    let run = CapturedRun()
    #expect(run.run([example, "-o", "/nonexistent/folder/agenda.md"]) == .cannotCreate)
    #expect(
      run.stderr == [
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
    let run = CapturedRun()
    #expect(run.run([input.path, "-o", folder.path + "/./listeDesTaches.plist"]) == .usage)
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
    let run = CapturedRun()
    #expect(run.run([example, "--template-dir", folder.path, "-o", output.path]) == .configuration)
    #expect(run.stderr.first?.hasPrefix("posttim-report: error: task:") == true)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("'-' reads the task list from stdin; --locale, --time-zone, --pattern override")
  func stdinAndOverrides() throws {
    let run = CapturedRun(stdin: try Data(contentsOf: TestPaths.exampleBinary))
    let code = run.run(
      [
        "-", "--format", "csv", "--locale", "en-US", "--time-zone", "Asia/Kathmandu", "--pattern", "yyyy.MM.dd HH:mm",
        "--from", "2026-12-06", "--to", "2026-12-06",
      ])
    #expect(code == .success)
    // 23:00Z on 5 Dec is 04:45 on 6 Dec in Kathmandu (UTC+05:45).
    #expect(
      run.stdout
        == "date,tache,importance,description,date_utc\r\n"
        + "2026.12.06 04:45,Souper chez Mamie 🎂,4,Apporter le gâteau 🍰 et les bougies.,2026-12-05T23:00:00Z\r\n")
  }

  @Test("C locale means en_US_POSIX; an unknown TZ warns and uses UTC")
  func posixAndBadTZ() {
    let run = CapturedRun()
    let code = run.run(
      [example, "--from", "2026-12-07", "--to", "2026-12-07", "--no-relative"],
      environment: ["LC_ALL": "C", "TZ": "Nowhere/Atlantis"])
    #expect(code == .success)
    #expect(
      run.stderr == [
        "posttim-report: warning: TZ=\"Nowhere/Atlantis\" is not a time zone this tool knows; using UTC (as the C library does)"
      ])
    #expect(run.stdout.contains("## Monday, December 7, 2026\n"))
    #expect(run.stdout.contains("| 3:00\u{202F}PM | =SOMME(A1:A9) vérifier le budget | 5 |"))
  }
}

extension CommandLineTests {
  @Test("text width: --width N, else COLUMNS, else 80; every line fits")
  func textWidth() {
    func widest(_ arguments: [String], columns: String? = nil) -> Int {
      let run = CapturedRun()
      var environment = ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto"]
      environment["COLUMNS"] = columns
      #expect(
        run.run([example, "--format", "text", "--now", "2026-11-30T14:00:00Z"] + arguments, environment: environment)
          == .success)
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
      let run = CapturedRun()
      var environment = ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto"]
      environment["COLUMNS"] = columns
      #expect(
        run.run([example, "--format", "text", "--now", "2026-11-30T14:00:00Z"], environment: environment) == .success)
      return run.stdout
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
    let standard = CapturedRun()
    #expect(standard.run(common) == .success)
    let with = CapturedRun()
    #expect(with.run(common + ["--details"]) == .success)
    let without = CapturedRun()
    #expect(without.run(common + ["--no-details"]) == .success)
    #expect(standard.stdout == with.stdout)
    #expect(standard.stdout.contains("<article id=\"task-"))
    #expect(!without.stdout.contains("<article"))
  }
}
