import Foundation
import Testing
import TestSupport

/// A roster's readers share ICU objects and e-mail writers across readers
/// and threads; each reader's message is still the one a single run with
/// the reader's options makes.
@Suite("Roster readers' messages")
struct RosterReadersMessagesTests {
  /// The message with what differs by design blanked: the MIME boundary
  /// (random) and the Message-ID (the roster's is derived).
  func comparable(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: #"=_posttim_[0-9a-f_]+"#, with: "BOUNDARY", options: .regularExpression)
      .replacingOccurrences(of: #"Message-ID: [^\r\n]+"#, with: "Message-ID: X", options: .regularExpression)
  }

  @Test("each reader's message, among readers of the same and other locales and zones, equals a single run's")
  func sameAsSingleRuns() throws {
    let readers: [(id: String, locale: String, zone: String, extra: [String])] = [
      ("a", "fr_CA", "America/Toronto", []), ("b", "ja_JP", "Asia/Tokyo", []),
      ("c", "fr_CA", "Europe/Paris", []), ("d", "fr_CA", "America/Toronto", ["--group-by", "week"]),
      ("e", "fr_CA,en_US", "America/Toronto", []), ("f", "ja_JP", "Asia/Tokyo", ["--no-relative"]),
      ("g", "he_IL", "Asia/Jerusalem", ["--days", "3"]), ("h", "fr_CA", "America/Toronto", []),
    ]
    var rows = ["id,list,at,locale,time-zone,mail-to,group-by,no-relative,days"]
    for reader in readers {
      let group = reader.extra.contains("--group-by") ? "week" : ""
      let relative = reader.extra.contains("--no-relative") ? "true" : ""
      let days = reader.extra.contains("--days") ? "3" : ""
      rows.append(
        "\(reader.id),tasks.plist,00:00,\"\(reader.locale)\",\(reader.zone),\(reader.id)@example.org,\(group),\(relative),\(days)"
      )
    }
    let fixture = try RosterFixture(rows.joined(separator: "\n") + "\n")
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out").path
    let single = fixture.folder.appending(path: "single").path
    for folder in [out, single] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }
    let common = ["--mail-from", "r@example.org", "--now", "2026-12-01T12:00:00Z"]
    expectRun(
      arguments: ["roster", fixture.roster, "-o", out, "--state", fixture.state] + common, exit: .success,
      stderr: [RosterFixture.newJournalNote(fixture.state)])
    for reader in readers {
      expectRun(
        arguments: [
          fixture.folder.appending(path: "tasks.plist").path, "--format", "email", "-o", single + "/\(reader.id).eml",
          "--locale", reader.locale, "--time-zone", reader.zone, "--mail-to", "\(reader.id)@example.org",
        ] + reader.extra + common, exit: .success, stderr: [])
      let fromRoster = try comparable(out + "/\(reader.id).eml")
      #expect(fromRoster == (try comparable(single + "/\(reader.id).eml")), "reader \(reader.id)")
      #expect(fromRoster.contains("Message-ID: X"))
    }
  }
}
