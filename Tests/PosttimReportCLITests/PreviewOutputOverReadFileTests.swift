import Foundation
import Testing
import TestSupport

/// `preview -o` is checked as a report's `-o` is, by the same check: a
/// file the run reads (the `--report` list, the config file, the zone
/// file), however it is spelled, and the pipe or FIFO the list comes
/// through, are refused with 64 before the list is read, the file kept.
@Suite(
  "Preview output over a file the run reads",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct PreviewOutputOverReadFileTests {
  static let fixed = ["-l", "en_US", "-z", "UTC", "--now", "2026-11-30T14:00:00Z"]
  /// What a preview usage error prints after its line.
  static let usageHint =
    "Usage: posttim-report preview [options]\nSee 'posttim-report preview --help' for more information.\n"

  /// Runs `arguments` with `environment` added, expects exit 64, `message`
  /// after "error: ", nothing on standard output and `file` unchanged.
  func expectRefused(
    _ arguments: [String], environment: [String: String] = [:], message: String, usage: String = Self.usageHint,
    file: String
  ) throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let result = try Subprocess.run(
      EndToEndTests.binary!.path, arguments,
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"].merging(environment) { $1 })
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "posttim-report: error: " + message + "\n" + usage)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
  }

  @Test("--report's list as -o, by its name, through a link or spelt with './'")
  func reportList() throws {
    let (folder, list) = try temporaryFolderWithExample(named: "pv.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appending(path: "link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "pv.plist")
    for output in [list, link, folder.path + "/./pv.plist"] {
      try expectRefused(
        ["preview", "--report", list] + Self.fixed + ["-f", "html", "-o", output],
        message: "output '\(output)' is the input '\(list)'; refusing to overwrite a task list", file: list)
    }
  }

  @Test(
    "the config file as -o: the same refusal from every command that writes",
    arguments: [["preview"], ["preview", "--report", "EXAMPLE"], ["EXAMPLE"], ["EXAMPLE", "--dump-context"]])
  func configFile(_ command: [String]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "c.conf").path
    try "locale = en_US\n".write(toFile: config, atomically: false, encoding: .utf8)
    let arguments = command.map { $0 == "EXAMPLE" ? TestPaths.example.path : $0 }
    try expectRefused(
      arguments + Self.fixed + ["--config", config, "-o", config],
      message: "output '\(config)' is the config file '\(config)'; refusing to overwrite a file the run reads",
      usage: command[0] == "preview" ? Self.usageHint : OutputNamesInputPipeTests.usageHint, file: config)
  }

  @Test("the zone file TZ names as -o")
  func zoneFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let zone = folder.appending(path: "zone.copy").path
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: zone)
    try expectRefused(
      ["preview", "--now", "2026-11-30T14:00:00Z", "-l", "en_US", "-o", zone], environment: ["TZ": zone],
      message: "output '\(zone)' is the zone file '\(zone)'; refusing to overwrite a file the run reads", file: zone)
  }

  @Test(
    "with --report's list on a pipe, -o /dev/stdin or /proc/self/fd/0 is 64, nothing written",
    arguments: ["/dev/stdin", "/proc/self/fd/0"])
  func standardInputPipe(_ output: String) throws {
    try OutputNamesInputPipeTests.expectStandardInputRefused(
      "preview --report -", output: output, usage: Self.usageHint)
  }

  @Test("a process substitution or a named FIFO given as --report and -o is 64 before it is read")
  func namedPipes() throws {
    // The script prints the name bash gave the substitution (/dev/fd/N).
    let substituted = try GuardedShell.run(
      "f() { printf %s \"$1\"; \"$BIN\" preview --report \"$1\" -z UTC --now 2026-11-30T14:00:00Z -o \"$1\"; }; "
        + "f <(cat \"$EXAMPLE\")")
    let name = substituted.stdout
    #expect(name.hasPrefix("/dev/fd/"))
    #expect(substituted.status == 64)
    #expect(
      substituted.stderr
        == "posttim-report: error: output '\(name)' is the input '\(name)'; refusing to overwrite a task list\n"
        + Self.usageHint)

    let (result, fifo) = try OutputNamesInputPipeTests.runNamingOneFIFO("preview --report")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "posttim-report: error: output '\(fifo)' is the input '\(fifo)'; refusing to overwrite a task list\n"
        + Self.usageHint)
  }
}
