import Foundation
import TestSupport
import Testing

/// An argument or a variable read as a path that is not UTF-8 is refused
/// before anything is read or written: repaired with U+FFFD it named
/// another file (`-o r\xE9sum\xE9.md` replaced `résum\u{FFFD}.md`, exit 0).
@Suite(
  "Arguments and variables that are not UTF-8",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct NonUTF8InputTests {
  static let usageHint =
    "Usage: posttim-report [options] FILE... (- for stdin)\nSee 'posttim-report --help' for more information.\n"
  static let now = "--now 2026-11-30T14:00:00Z"

  /// Runs `script` in a fresh folder holding the example list as
  /// `app.plist` and `keep` in `résum\u{FFFD}.md` (`$D` is the folder);
  /// returns the result, the folder, and its names and `résum\u{FFFD}.md`'s text after.
  static func run(_ script: String) throws -> (
    result: Subprocess.Result, folder: String, names: [String], kept: String
  ) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: TestPaths.example, to: folder.appending(path: "app.plist"))
    let repaired = folder.appending(path: "résum\u{FFFD}.md")
    try Data("keep\n".utf8).write(to: repaired)
    let result = try GuardedShell.run("cd \"$D\"\n" + script, environment: ["D": folder.path])
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    return (result, folder.path, names, try String(contentsOf: repaired, encoding: .utf8))
  }

  @Test("an -o name with a Latin-1 byte is 64, naming the argument, and the U+FFFD-named file is unchanged")
  func outputName() throws {
    let (result, _, names, kept) = try Self.run(
      "\"$BIN\" app.plist -o \"$(printf 'r\\303\\251sum\\351.md')\" \(Self.now) -z UTC")
    #expect(result.status == 64)
    #expect(
      result.stderr == "posttim-report: error: argument 3 is not UTF-8 text: 'résum\\xE9.md'\n" + Self.usageHint)
    #expect(kept == "keep\n")
    #expect(names == ["app.plist", "résum\u{FFFD}.md"])
  }

  @Test("a task-list operand that is not UTF-8 is 64, naming it, though the file is there")
  func listOperand() throws {
    let (result, _, _, _) = try Self.run(
      "cp app.plist \"$(printf 'l\\377.plist')\"\n\"$BIN\" \"$(printf 'l\\377.plist')\" \(Self.now) -z UTC")
    #expect(result.status == 64)
    #expect(result.stderr == "posttim-report: error: argument 1 is not UTF-8 text: 'l\\xFF.plist'\n" + Self.usageHint)
    #expect(result.stdout == "")
  }

  @Test("XDG_CONFIG_HOME that is not UTF-8 is 64, naming it; the U+FFFD-named folder's config is not read")
  func configHome() throws {
    let (result, folder, _, _) = try Self.run(
      """
      mkdir -p "c\u{FFFD}/posttim-report" && echo 'format = csv' > "c\u{FFFD}/posttim-report/config"
      XDG_CONFIG_HOME="$D/$(printf 'c\\377')" "$BIN" app.plist \(Self.now) -z UTC
      """)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "posttim-report: error: environment variable XDG_CONFIG_HOME is not UTF-8 text: '\(folder)/c\\xFF'\n"
        + Self.usageHint)
  }

  @Test("TZDIR that is not UTF-8 is 64, naming it, before any zone is read")
  func zoneFolder() throws {
    let (result, _, _, _) = try Self.run(
      "TZDIR=\"$(printf '/usr/share/zoneinfo\\377')\" \"$BIN\" app.plist \(Self.now) -z America/Toronto")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "posttim-report: error: environment variable TZDIR is not UTF-8 text: '/usr/share/zoneinfo\\xFF'\n"
        + Self.usageHint)
  }
}
