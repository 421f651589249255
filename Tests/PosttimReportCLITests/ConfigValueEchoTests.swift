import Foundation
import Testing
import TestSupport

/// A long locale or zone in the config file is echoed cut at 80
/// characters, as every other echoed value, and the reason follows it.
@Suite("Config values echoed in errors", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct ConfigValueEchoTests {
  static let cut = 80

  /// The first line the binary writes to stderr with `line` as its config file.
  func firstError(_ line: String) throws -> String {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "posttim.conf")
    try (line + "\n").write(to: config, atomically: false, encoding: .utf8)
    let (status, _, stderr) = try EndToEndTests.run(["--config", config.path, TestPaths.example.path])
    #expect(status == 78)
    return String(stderr.split(separator: "\n").first ?? "")
  }

  @Test("a 3,000-character locale: cut at 80, then the reason")
  func longLocale() throws {
    let error = try firstError("locale = " + String(repeating: "x", count: 3_000))
    #expect(
      error.hasSuffix(
        ":1:10: invalid locale \"\(String(repeating: "x", count: Self.cut))…\": "
          + "use an ICU locale ID (fr_CA) or a BCP 47 tag (fr-CA)"), "\(error)")
  }

  @Test("a 3,000-character zone: cut at 80, then the reason")
  func longZone() throws {
    let error = try firstError("time-zone = " + String(repeating: "Q", count: 3_000))
    #expect(
      error.hasSuffix(
        ":1:13: unknown time zone \"\(String(repeating: "Q", count: Self.cut))…\" "
          + "(expected an IANA time zone ID such as America/Toronto)"), "\(error)")
  }
}
