import Foundation
import Testing
import TestSupport

/// The roster run as a program: killed mid-run and run again
/// (Scripts/roster-kill-check.sh), and delivering through the local MTA.
@Suite("Roster runs of the built program")
struct RosterDeliveryTests {
  @Test(
    "1,000 readers through -o DIR, SIGKILL a third of the way, a re-run: one complete message per reader",
    .requires(.builtBinary))
  func killedAndRunAgain() throws {
    let script = TestPaths.packageRoot.appending(path: "Scripts/roster-kill-check.sh").path
    var environment = ProgramEnvironment.inherited
    // The run syncs each message and journal line: in memory, the check
    // measures the tool, not the disk.
    if FileManager.default.fileExists(atPath: "/dev/shm") { environment["TMPDIR"] = "/dev/shm" }
    let result = try Subprocess.run(
      "/bin/sh", [script, EndToEndTests.binary!.path, "1000"], environment: environment)
    let failures = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
    #expect(result.status == 0, "\(failures)\n\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").last == "6 passed, 0 failed", "\(result.stdout)")
  }

  /// Two local mailbox users of the roster's own, so no other suite's
  /// mailbox is touched.
  static let users = ["posttimroster1", "posttimroster2"]

  static let mtaMissing: String? = {
    if let missing = ExternalTool.missing([.builtBinary]) { return missing }
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/sendmail") else {
      return "needs an MTA with /usr/sbin/sendmail (apt-get install exim4-daemon-light)"
    }
    for user in users
    where !ExternalTool.succeeds("id \(user)")
      && !ExternalTool.succeeds("[ \"$(id -u)\" = 0 ] && useradd -m \(user)")
    {
      return "needs the local user \(user) (useradd -m \(user), as root)"
    }
    guard FileManager.default.fileExists(atPath: "/var/mail") else { return "needs the mail spool /var/mail" }
    return nil
  }()

  @Test(
    "through the local MTA, two runs of a two-reader roster leave exactly one message per mailbox",
    .enabled(if: mtaMissing == nil, Comment(rawValue: mtaMissing ?? "")))
  func localMTA() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: TestPaths.example, to: folder.appending(path: "tasks.plist"))
    let roster = folder.appending(path: "roster.csv").path
    // IDs unique to this run, so its messages are told apart from any
    // earlier run's in the mailboxes.
    let tag = UUID().uuidString.prefix(8).lowercased()
    let ids = ["\(tag)-a", "\(tag)-b"]
    try """
    id,list,at,locale,time-zone,mail-to
    \(ids[0]),tasks.plist,00:00,fr_CA,America/Toronto,\(Self.users[0])@localhost
    \(ids[1]),tasks.plist,00:00,ja_JP,Asia/Tokyo,\(Self.users[1])@localhost

    """.write(toFile: roster, atomically: true, encoding: .utf8)
    let arguments = [
      "roster", roster, "--send", "--state", folder.appending(path: "state").path, "--mail-from",
      "roster@localhost", "--now", "2026-12-01T12:00:00Z",
    ]
    let first = try Subprocess.run(EndToEndTests.binary!.path, arguments)
    #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
    #expect(first.stdout.hasSuffix("roster: 2 sent, 0 not due, 0 already sent, 0 failed\n"))
    let second = try Subprocess.run(EndToEndTests.binary!.path, arguments)
    #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
    #expect(second.stdout.hasSuffix("roster: 0 sent, 0 not due, 2 already sent, 0 failed\n"))
    for (user, id) in zip(Self.users, ids) {
      let messageID =
        "Message-ID: "
        + rosterMessageID(
          id, "20261201", "localhost", roster: URL(fileURLWithPath: roster).resolvingSymlinksInPath().path)
      // Until the MTA has delivered it (its queue empty) or a minute passed.
      var count = 0
      for _ in 0..<120 {
        let spool = (try? String(contentsOfFile: "/var/mail/\(user)", encoding: .utf8)) ?? ""
        count = spool.components(separatedBy: "\n").filter { $0 == messageID }.count
        if count > 0 && ExternalTool.succeeds("[ \"$(/usr/sbin/sendmail -bpc)\" = 0 ]") { break }
        Thread.sleep(forTimeInterval: 0.5)
      }
      #expect(count == 1, "\(user): \(count) messages with \(messageID)")
    }
  }
}
