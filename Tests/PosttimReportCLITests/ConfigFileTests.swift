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
    let run = CapturedRun()
    #expect(run.run(["--config", path, example]) == .success)
    #expect(run.stderr == [])
    let lines = run.stdout.split(separator: "\r\n")
    #expect(lines.first == "date;tache;importance;description;date_utc")
    // Asia/Tokyo, en_US: 2026-11-30T12:45Z (07:45 in Toronto) is 9:45 PM in Tokyo.
    #expect(lines.contains { $0.hasPrefix("Nov 30, 2026, 9:45\u{202F}PM;Café avec Jean-François;3;") })

    let overridden = CapturedRun()
    #expect(overridden.run(["--config", path, "-f", "markdown", "-z", "America/Toronto", example]) == .success)
    #expect(overridden.stdout.hasPrefix("# Agenda\n\nTime zone: Eastern Time (America/Toronto)\n"))
  }

  @Test("the default location is $XDG_CONFIG_HOME/posttim-report/config")
  func defaultLocation() throws {
    let folder = try configFolder("format = json\nnow = 2026-11-30T14:00:00Z\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CapturedRun()
    let environment = ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto", "XDG_CONFIG_HOME": folder.path]
    #expect(run.run([example], environment: environment) == .success)
    #expect(run.stdout.hasPrefix("{"))
    let home = CapturedRun()
    let homeEnvironment = ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto", "HOME": folder.deletingLastPathComponent().path]
    #expect(home.run([example], environment: homeEnvironment) == .success)
    #expect(home.stdout.hasPrefix("# Agenda"))  // no ~/.config there
  }

  @Test("errors name file:line:column and exit 78", arguments: [
    ("format = csv\nfromat = html\n", "2:1: unknown option 'fromat' (did you mean 'format'?)"),
    ("locale fr_CA\n", "1:1: expected 'name = value'"),
    ("format = csv\nformat = html\n", "2:1: 'format' given more than once"),
    ("csv-bom = yes\n", "1:11: 'csv-bom' takes true or false, got 'yes'"),
    ("help = true\n", "1:1: 'help' cannot be set in the config file"),
    ("days = many\n", "1:8: --days takes a whole number from 1 to 36600, got 'many'"),
    ("time-zone = Mars/Olympus\n", "1:13: unknown time zone \"Mars/Olympus\" (expected an IANA time zone ID such as America/Toronto)"),
    ("subject = \"open\n", "1:11: the quoted value has no closing quote"),
    ("format = \"csv\" x\n", "1:15: unexpected text after the closing quote"),
  ])
  func errors(text: String, message: String) throws {
    let folder = try configFolder(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "posttim-report/config").path
    let run = CapturedRun()
    #expect(run.run(["--config", path, example]) == .configuration)
    #expect(run.stderr == ["posttim-report: error: \(path):\(message)"])
  }

  @Test("a --config that does not exist is exit 78")
  func missing() {
    let run = CapturedRun()
    #expect(run.run(["--config", "/nonexistent/config", example]) == .configuration)
    #expect(run.stderr == ["posttim-report: error: /nonexistent/config: config file not found"])
  }
}
