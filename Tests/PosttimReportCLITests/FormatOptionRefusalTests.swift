import Foundation
import TestSupport
import Testing

/// A format's own option on the command line with another format was
/// ignored in silence (`-f markdown --csv-bom`, `-f csv --width 40`)
/// while `--remind` was refused: each is refused alike (64), and a config
/// file, which sets options for several formats, still may hold them.
@Suite(
  "Format options with another format",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct FormatOptionRefusalTests {
  static let now = ["--now", "2026-12-01T09:00:00Z", "-z", "UTC", "-l", "en_CA"]

  @Test(
    "on the command line: 64 naming the option and the format",
    arguments: [
      (["-f", "markdown", "--csv-bom"], "--csv-bom applies to --format csv, not 'markdown'"),
      (["-f", "json", "--csv-delimiter", ";"], "--csv-delimiter applies to --format csv, not 'json'"),
      (["-f", "html", "--csv-raw-formulas"], "--csv-raw-formulas applies to --format csv, not 'html'"),
      (["-f", "csv", "--width", "40"], "--width applies to --format text and --format email, not 'csv'"),
    ])
  func refused(_ arguments: [String], message: String) throws {
    let (status, stdout, stderr) = try EndToEndTests.run(
      [TestPaths.example.path] + Self.now + arguments, environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(status == 64)
    #expect(stdout.isEmpty)
    #expect(stderr.hasPrefix("posttim-report: error: \(message)\n"))
  }

  @Test(
    "with their own format they still apply",
    arguments: [["-f", "csv", "--csv-bom"], ["-f", "text", "--width", "40"]])
  func accepted(_ arguments: [String]) throws {
    let (status, _, stderr) = try EndToEndTests.run(
      [TestPaths.example.path] + Self.now + arguments, environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(status == 0, "\(stderr)")
  }

  @Test("in the config file they are left to the formats that read them")
  func configFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "c.conf").path
    try "csv-bom = true\ncsv-delimiter = ;\nwidth = 40\n".write(toFile: config, atomically: true, encoding: .utf8)
    chmod(config, 0o600)
    let (status, stdout, stderr) = try EndToEndTests.run(
      [TestPaths.example.path, "--config", config] + Self.now + ["-f", "markdown"],
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(status == 0, "\(stderr)")
    #expect(stdout.hasPrefix("# "))
  }
}
