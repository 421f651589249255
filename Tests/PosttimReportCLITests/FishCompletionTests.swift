import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

/// fish evaluates the `-a` candidates of a completion when it loads the
/// script, so a candidate list that is valid bash (`, ; | \t`, or
/// `${TZDIR:-…}`) prints errors at every completion though `fish -n` accepts
/// the file. These completions run in fish itself, with its errors read.
@Suite("fish completion, as fish loads it")
struct FishCompletionTests {
  static let fish = Subprocess.tool("fish")
  static let zoneSource = ExternalTool(
    "tzdata's /usr/share/zoneinfo/tzdata.zi", install: "apt-get install -y tzdata",
    isPresent: { FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/tzdata.zi") })

  /// What fish offers for `line`, and what it printed on standard error.
  static func complete(_ line: String, environment: [String: String]? = nil) throws -> (
    offered: [String], errors: String
  ) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "fish-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appending(path: "posttim-report.fish")
    try CompletionScript.fish.write(to: script, atomically: true, encoding: .utf8)
    let result = try Subprocess.run(
      fish!, ["--no-config", "-c", "source \(script.path); complete -C '\(line)'"], environment: environment)
    let offered = result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    return (offered, result.stderr)
  }

  @Test("fish loads the script without an error", .requires(.fish))
  func loadsCleanly() throws {
    let (offered, errors) = try Self.complete("posttim-report --form")
    #expect(errors == "")
    #expect(offered == ["--format"])
  }

  @Test(
    "fish offers the CSV delimiters as the words to type", .requires(.fish)
  )
  func delimiters() throws {
    let (offered, errors) = try Self.complete("posttim-report --csv-delimiter ")
    #expect(errors == "")
    #expect(Set(offered) == [",", ";", "|", "\\t"])
  }

  @Test(
    "fish offers the system's zone names, TZDIR or not",
    .requires(.fish, zoneSource))
  func zones() throws {
    let (offered, errors) = try Self.complete("posttim-report --time-zone America/Toron")
    #expect(errors == "")
    #expect(offered == ["America/Toronto"])
    // TZDIR names another tz database: its zones, not the system's.
    let folder = FileManager.default.temporaryDirectory.appending(path: "tzdir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "Z America/Toronto_Test -5 - E%sT\nL America/Toronto_Test America/Toronto_Link\n".write(
      to: folder.appending(path: "tzdata.zi"), atomically: true, encoding: .utf8)
    let other = try Self.complete(
      "posttim-report --time-zone America/Toron", environment: ["TZDIR": folder.path, "PATH": "/usr/bin:/bin"])
    #expect(other.errors == "")
    #expect(other.offered == ["America/Toronto_Link", "America/Toronto_Test"])
  }
}
