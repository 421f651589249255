import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `--config FILE` and the default config location: values as if given
/// on the command line, command line first, errors at file:line:column.
@Suite("Config file")
struct ConfigFileTests {
  let example = TestPaths.example.path

  /// Writes `text` to a fresh folder's `posttim-report/config`.
  func configFolder(_ text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appending(path: "posttim-report"), withIntermediateDirectories: true)
    try text.write(to: folder.appending(path: "posttim-report/config"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test("settings apply, the command line overrides them, flags take true/false")
  func applies() throws {
    let folder = try configFolder(
      """
      # nightly defaults
      locale = en_US
      time-zone = Asia/Tokyo
        format = csv
      csv-delimiter = ";"
      no-relative = false
      now = 2026-11-30T14:00:00Z
      to=2026-12-01

      """)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "posttim-report/config").path
    let run = expectRun(arguments: ["--config", path, example], exit: .success, stderr: [])
    let lines = run.stdout.split(separator: "\r\n")
    #expect(lines.first == "date;tache;importance;description;date_utc")
    // Asia/Tokyo, en_US: 2026-11-30T12:45Z (07:45 in Toronto) is 9:45 PM in Tokyo.
    #expect(lines.contains { $0.hasPrefix("Nov 30, 2026, 9:45\u{202F}PM;Café avec Jean-François;3;") })

    let overridden = expectRun(
      arguments: ["--config", path, "-f", "markdown", "-z", "America/Toronto", example], exit: .success)
    #expect(overridden.stdout.hasPrefix("# Agenda\n\nTime zone: Eastern Time (America/Toronto)\n"))
  }

  @Test("the default location is $XDG_CONFIG_HOME/posttim-report/config")
  func defaultLocation() throws {
    let folder = try configFolder("format = json\nnow = 2026-11-30T14:00:00Z\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto", "XDG_CONFIG_HOME": folder.path]
    let run = expectRun(arguments: [example], exit: .success, environment: environment)
    #expect(run.stdout.hasPrefix("{"))
    let homeEnvironment = [
      "LANG": "fr_CA.UTF-8", "TZ": "America/Toronto", "HOME": folder.deletingLastPathComponent().path,
    ]
    let home = expectRun(arguments: [example], exit: .success, environment: homeEnvironment)
    #expect(home.stdout.hasPrefix("# Agenda"))  // no ~/.config there
  }

  @Test(
    "errors name file:line:column and exit 78",
    arguments: [
      ("format = csv\nfromat = html\n", "2:1: unknown option 'fromat' (did you mean 'format'?)"),
      ("locale fr_CA\n", "1:1: expected 'name = value'"),
      // An alias is a command-line spelling only (preview's --date).
      ("date = 2026-11-30T14:00:00Z\n", "1:1: unknown option 'date'"),
      ("format = csv\nformat = html\n", "2:1: 'format' given more than once"),
      ("csv-bom = yes\n", "1:11: 'csv-bom' takes true or false, got 'yes'"),
      ("help = true\n", "1:1: 'help' cannot be set in the config file"),
      ("days = many\n", "1:8: --days takes a whole number from 1 to 36600, got 'many'"),
      (
        "time-zone = Mars/Olympus\n",
        "1:13: unknown time zone \"Mars/Olympus\" (expected an IANA time zone ID such as America/Toronto)"
      ),
      ("subject = \"open\n", "1:11: the quoted value has no closing quote"),
      // Text after the closing quote: the value is taken as written, quotes and all.
      (
        "format = \"csv\" x\n",
        "1:10: unknown format '\"csv\" x' (available: csv, email, html, ics, json, markdown, text)"
      ),
    ])
  func errors(text: String, message: String) throws {
    let folder = try configFolder(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "posttim-report/config").path
    expectRun(
      arguments: ["--config", path, example], exit: .configuration,
      stderr: ["posttim-report: error: \(path):\(message)"])
  }

  @Test("preview refuses an alias in the config file too: date = … is read by no command")
  func previewAliasInConfig() throws {
    let folder = try configFolder("date = bogus\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "posttim-report/config").path
    expectRun(
      arguments: ["preview", "--config", path, "-l", "fr_CA", "-z", "UTC"], exit: .configuration,
      stderr: ["posttim-report: error: \(path):1:1: unknown option 'date'"])
  }

  @Test("a --config that does not exist is exit 78")
  func missing() {
    expectRun(
      arguments: ["--config", "/nonexistent/config", example], exit: .configuration,
      stderr: ["posttim-report: error: /nonexistent/config: config file not found"])
  }
}

/// The nightly job's config must not get in the way of other commands.
@Suite("Config file and other commands")
struct ConfigFileSharingTests {
  let example = TestPaths.example.path

  func cronConfig() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "cron-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appending(path: "posttim-report"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appending(path: "Examples/cron.conf"),
      to: folder.appending(path: "posttim-report/config"))
    return folder
  }

  @Test("preview takes locale and zone from it, not the report's format or output")
  func preview() throws {
    let folder = try cronConfig()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["XDG_CONFIG_HOME": folder.path, "LANG": "en_US.UTF-8", "TZ": "UTC"]
    let run = expectRun(
      arguments: ["preview", "--now", "2026-11-30T14:00:00Z", "--skeleton", "jm"], exit: .success, stderr: [],
      environment: environment)
    // cron.conf: locale = fr_CA, time-zone = America/Toronto.
    #expect(run.stdout.contains("fr_CA   HH 'h' mm  09 h 00"))
  }

  @Test("its mail settings do not stop a CSV report; -o or --no-send on the command line replaces its send = true")
  func otherFormats() throws {
    let folder = try cronConfig()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = ["XDG_CONFIG_HOME": folder.path, "LANG": "fr_CA.UTF-8", "TZ": "America/Toronto"]
    let csv = expectRun(
      arguments: [example, "-f", "csv", "--now", "2026-11-30T14:00:00Z"], exit: .success, environment: environment)
    #expect(csv.stdout.hasPrefix("date,tache,importance,description,date_utc\r\n"))
    for arguments in [["-o", "-"], ["--no-send", "-o", "-"]] {
      let printed = expectRun(
        arguments: [example, "--now", "2026-11-30T14:00:00Z"] + arguments, exit: .success, environment: environment)
      #expect(printed.stdout.contains("MIME-Version: 1.0\r\n"))
    }
  }

  @Test("a CRLF config file reads as lines; a bad address in it is located, exit 78")
  func crlfAndAddresses() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "crlf-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config")
    try "locale = en_US\r\nformat = email\r\nmail-to = a@b.c\u{1B}[31m\r\n".write(
      to: config, atomically: true, encoding: .utf8)
    expectRun(
      arguments: ["--config", config.path, example], exit: .configuration,
      error: "posttim-report: error: \(config.path):3:11: --mail-to contains a control character U+001B, "
        + "which is not allowed in an e-mail header")
  }
}
