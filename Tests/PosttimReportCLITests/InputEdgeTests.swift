import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Command-line inputs at their edges: POSIX locale names, an unusable
/// LANG, values out of bounds, template folders that are no text, control
/// characters in a task list.
@Suite("Input edges")
struct InputEdgeTests {
  let example = TestPaths.example.path

  @Test("-l C, -l POSIX and POSIX names like fr_CA.UTF-8 are accepted; fr_CA;rm is not")
  func posixLocaleNames() {
    let c = expectRun(
      arguments: [example, "-l", "C", "--from", "2026-12-07", "--to", "2026-12-07", "--no-relative"], exit: .success)
    #expect(c.stdout.contains("## Monday, December 7, 2026\n"))
    let utf8 = expectRun(
      arguments: [example, "-l", "fr_CA.UTF-8", "--from", "2026-12-07", "--to", "2026-12-07"], exit: .success)
    #expect(utf8.stdout.contains("## Lundi 7 décembre 2026\n"))
    expectRun(
      arguments: [example, "-l", "fr_CA;rm"], exit: .usage,
      error: "posttim-report: error: invalid locale \"fr_CA;rm\": use an ICU locale ID (fr_CA) or a BCP 47 tag (fr-CA)")
  }

  @Test("an unusable LANG warns and uses en_US_POSIX, as setlocale falls back to C")
  func badLANG() {
    let run = expectRun(
      arguments: [example, "--to", "2026-11-30"], exit: .success,
      stderr: [
        "posttim-report: warning: invalid locale \"xx_YY.UTF-8\": unknown language in the environment (LC_ALL, LC_TIME, LANG); using en_US_POSIX"
      ], environment: ["LANG": "xx_YY.UTF-8", "TZ": "UTC"])
    #expect(run.stdout.hasPrefix("# Agenda\n\nTime zone: "))
  }

  @Test(
    "values out of bounds are usage errors",
    arguments: [
      (
        ["--from", "2026-11-30T10:00:00Z"],
        "--from: '2026-11-30T10:00:00Z' is not a day: a day is a date without a time (YYYY-MM-DD)"
      ),
      (
        ["--skeleton", String(repeating: "y", count: 65)],
        "invalid skeleton \"yyyyyyyyyyyyyyyyyyyy…\": longer than 64 characters"
      ),
    ])
  func outOfBounds(arguments: [String], message: String) {
    expectRun(arguments: [example] + arguments, exit: .usage, error: "posttim-report: error: " + message)
  }

  @Test("--now takes fractional seconds")
  func fractionalNow() {
    let run = expectRun(arguments: [example, "--now", "2026-11-30T13:59:59.5Z", "-f", "json"], exit: .success)
    #expect(run.stdout.contains("\"now\": \"2026-11-30T13:59:59Z\""))
  }

  @Test("a template folder with a file that is not UTF-8, or a directory, is exit 78")
  func unusableTemplates() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "markdown"), withIntermediateDirectories: true)
    try Data([0xC3, 0x28, 0x7B]).write(to: folder.appending(path: "markdown/task.mustache"))
    expectRun(
      arguments: [example, "--template-dir", folder.path], exit: .configuration,
      stderr: ["posttim-report: error: \(folder.path)/markdown/task.mustache: is not UTF-8 text"])
    expectRun(
      arguments: [example, "--template", folder.appending(path: "markdown/task.mustache").path], exit: .configuration)
  }

  @Test("control characters and long values from a task list are escaped and cut in messages")
  func printableMessages() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // XML 1.0 has no ESC (the XML reader refuses it, see the next test), so
    // the value arrives in a binary list, written by Foundation.
    var list = try #require(
      try PropertyListSerialization.propertyList(from: Data(contentsOf: TestPaths.example), format: nil)
        as? [[String: Any]])
    list[4]["importance"] = "urgent\n\u{1B}[31mred" + String(repeating: "x", count: 100)
    let bad = folder.appending(path: "bad.plist")
    try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0).write(to: bad)
    expectRun(
      arguments: [bad.path], exit: .dataError,
      stderr: [
        "posttim-report: error: \(bad.path): entry 5: \"importance\" must be 1…9, got \"urgent\\n\\u{1b}[31mred"
          + String(repeating: "x", count: 45) + "…\""
      ])
  }
}

@Suite("Warnings and listings")
struct WarningAndListingTests {
  let example = TestPaths.example.path

  @Test("ICU's own locale fallback is a warning naming the locale used")
  func localeFallback() {
    let run = expectRun(
      arguments: [example, "-l", "fr_XX", "--from", "2026-12-07", "--to", "2026-12-07"], exit: .success)
    #expect(run.stderr.contains("posttim-report: warning: ICU has no data for locale fr_XX; using fr"))
    #expect(run.stdout.contains("## Lundi 7 décembre 2026\n"))
  }

  @Test("week-year Y without a week field warns, and still does what it was told")
  func weekYear() {
    let run = expectRun(
      arguments: [example, "--pattern", "YYYY-MM-dd HH:mm", "--from", "2026-12-31", "--to", "2026-12-31"],
      exit: .success,
      stderr: [
        "posttim-report: warning: pattern \"YYYY-MM-dd HH:mm\" uses week-year Y without a week field w: late-December dates show next year (use y for the calendar year)"
      ])
    // 31 Dec 2026 is in week 1 of 2027 for fr_CA (weeks start on Sunday): the bug, as asked.
    #expect(run.stdout.contains("| 2027-12-31 11:00 | Réserver la salle \\| janvier |"))
  }

  @Test("--list-formats lists every registered writer")
  func listFormats() {
    let run = expectRun(arguments: ["--list-formats"], exit: .success)
    #expect(
      run.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) } == [
        "csv", "email", "html", "ics", "json", "markdown", "text",
      ])
  }
}

/// Option values out of range, a catalog message that does not parse, and
/// task values at the edges (ESC in a string, dates before 1582, an
/// importance too large for any integer).
@Suite("Option bounds, catalog syntax and edge values")
struct OptionAndValueEdgeTests {
  let example = TestPaths.example.path

  @Test(
    "usage errors for repeated inputs, misplaced --template and out-of-range --now",
    arguments: [
      (["EXAMPLE", "EXAMPLE"], "'EXAMPLE' is the same file as 'EXAMPLE'"),
      (["-", "-"], "'-' (standard input) given more than once"),
      (
        ["EXAMPLE", "-f", "csv", "--template", "EXAMPLE"],
        "--template applies to the markdown and html formats, not 'csv'"
      ),
      (["EXAMPLE", "--now", "0000-01-01T00:00:00Z"], "--now must be in the years 1…9999, got '0000-01-01T00:00:00Z'"),
      (["EXAMPLE", "--template-dir", "EXAMPLE"], "--template-dir 'EXAMPLE' is a file, not a folder"),
    ])
  func usage(arguments: [String], message: String) {
    expectRun(
      arguments: arguments.map { $0 == "EXAMPLE" ? example : $0 }, exit: .usage,
      error: "posttim-report: error: " + message.replacingOccurrences(of: "EXAMPLE", with: example))
  }

  @Test("a user catalog whose message does not parse is exit 78, naming file, key and offset")
  func brokenCatalog() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    try #"{"section.count": "{count, plural, one {x}"}"#.write(
      to: folder.appending(path: "messages/fr.json"), atomically: true, encoding: .utf8)
    expectRun(
      arguments: [example, "--template-dir", folder.path], exit: .configuration,
      stderr: [
        "posttim-report: error: \(folder.path)/messages/fr.json: message \"section.count\": syntax error at offset 15"
      ])
  }

  @Test("ESC inside an XML string is refused as XML 1.0 forbids it, at its line, named escaped")
  func controlInXML() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = try exampleList(
      replacing: "<string>6</string>", with: "<string>urgent\n\u{1B}[31mred</string>", as: "bad.plist", in: folder)
    let run = expectRun(arguments: [bad.path], exit: .dataError)
    // Line 53 column 1 is where Python's pyexpat puts the ESC too.
    #expect(
      run.stderr == [
        "posttim-report: error: \(bad.path): not a property list (line 53, column 1: the control character U+001B is not allowed in XML)"
      ])
  }

  @Test("dates before 1582 are shown in the proleptic Gregorian calendar, as their ISO fields are")
  func prolepticGregorian() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let list = try exampleList(
      replacing: "2026-12-07T15:00:00Z", with: "1500-03-01T12:00:00Z", as: "old.plist", in: folder)
    let run = expectRun(
      arguments: [list.path, "-f", "csv", "-l", "en_US", "-z", "UTC", "--from", "1500-01-01", "--to", "1500-12-31"],
      exit: .success)
    // The <date> text is ISO 8601, proleptic Gregorian (Foundation reads
    // it as Julian, 1500-03-11): the shown date and the ISO column both
    // keep the fields as written.
    #expect(run.stdout.contains("\"Mar 1, 1500, 12:00\u{202F}PM\",'=SOMME"))
    #expect(run.stdout.contains(",1500-03-01T12:00:00Z\r\n"))
  }

  @Test("an integer importance too large for any integer type is a clean error")
  func hugeImportance() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let list = try exampleList(
      replacing: "<string>6</string>", with: "<integer>99999999999999999999999</integer>", as: "huge.plist", in: folder)
    expectRun(
      arguments: [list.path], exit: .dataError,
      stderr: [
        "posttim-report: error: \(list.path): entry 5: \"importance\" must be 1…9, got an integer beyond 64 bits"
      ])
  }
}

@Suite("Pipes", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct PipeTests {
  @Test("a reader that goes away is a write error (74), not death by SIGPIPE")
  func brokenPipe() throws {
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [TestPaths.example.path, "-f", "html"]
    process.environment = ProgramEnvironment.inherited
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try output.fileHandleForReading.close()  // no reader at all
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 74)
    #expect(message == "posttim-report: error: <stdout>: write failed (Broken pipe)\n")
  }
}

/// A window that ends before it starts, a template nested past the depth
/// limit, partials in subfolders, an empty TZ without UTC in TZDIR.
@Suite("Window order, template depth and folders, an empty TZ")
struct WindowTemplateAndZoneEdgeTests {
  let example = TestPaths.example.path

  @Test("--to before --from is a usage error before any input is read")
  func windowFirst() {
    expectRun(
      arguments: ["/nonexistent.plist", "--from", "2026-12-05", "--to", "2026-12-01"], exit: .usage,
      error: "posttim-report: error: --to (2026-12-01) is before --from (2026-12-05)")
  }

  @Test("a template nested 30,000 levels deep is exit 78, not a stack overflow")
  func deepTemplate() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "deep.mustache")
    try (String(repeating: "{{^x}}", count: 30_000) + String(repeating: "{{/x}}", count: 30_000))
      .write(to: file, atomically: true, encoding: .utf8)
    let run = expectRun(arguments: [example, "--template", file.path], exit: .configuration)
    #expect(
      run.stderr.first?.hasPrefix(
        "posttim-report: error: deep.mustache:1:601: error: sections, parents and blocks nested more than 100 levels deep\n"
      ) == true)
  }

  @Test("partials in subfolders of --template-dir are found")
  func nestedPartial() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appending(path: "markdown/rows"), withIntermediateDirectories: true)
    try "{{>rows/line}}\n".write(
      to: folder.appending(path: "markdown/task.mustache"), atomically: true, encoding: .utf8)
    try "* {{displayTitle}}\n".write(
      to: folder.appending(path: "markdown/rows/line.mustache"), atomically: true, encoding: .utf8)
    let run = expectRun(arguments: [example, "--template-dir", folder.path, "--to", "2026-11-30"], exit: .success)
    #expect(run.stdout.contains("* Café avec Jean-François\n"))
  }

  @Test("an empty TZ with a TZDIR lacking UTC falls back to UTC without a crash")
  func utcWithoutFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = expectRun(
      arguments: [example, "--to", "2026-11-30"], exit: .success,
      environment: ["TZ": "", "TZDIR": folder.path, "LANG": "C"])
    #expect(run.stdout.contains("(UTC)"))
    // The injected TZDIR is the one read, not the test process's own.
    let version = expectRun(arguments: ["--version"], exit: .success, environment: ["TZDIR": folder.path])
    #expect(version.stdout.contains("tz data of unknown version from \(folder.path); ICU's own 2022e)"))
    expectRun(
      arguments: [example, "-z", "America/Toronto"], exit: .success, environment: ["TZDIR": folder.path, "LANG": "C"])
  }
}
