import Foundation
import PosttimReport
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A journal that cannot be used says what that means for the readers.
@Suite("Roster journal failures")
struct RosterJournalFailureTests {
  static let row = "id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n"
  static let now = "2026-12-01T12:00:00Z"

  @Test("a state folder its group may write (fsGroup's 2775): 78 saying the group, not other users")
  func groupWritableFolder() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    #expect(chmod(fixture.state, 0o2775) == 0)
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(fixture.state)/roster.journal': not trusted: its folder \(fixture.state) "
          + "is writable by its group (mode 2775) and not sticky"
      ])
    #expect(fixture.messages.isEmpty)
  }

  @Test(
    "a journal the file system cannot grow (EFBIG under ulimit -f): 74 naming the reader who will get the mail again",
    .requires(.builtBinary))
  func fullJournalNamesReader() throws {
    let fixture = try RosterFixture(Self.row)
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.state, withIntermediateDirectories: false)
    // Earlier days' records up to within one record of 32 KiB: zoe's crosses it.
    var old = ""
    for index in 0... {
      let messageID = MessageID.derived(key: "r\(index)", day: "2026-11-01", domain: "example.org")
      let line = "r\(index)\t2026-11-01\t\(messageID)\t2026-11-01T06:00:00Z\tsent\n"
      guard old.utf8.count + line.utf8.count <= 32_768 - 40 else { break }
      old += line
    }
    try old.write(toFile: fixture.state + "/roster.journal", atomically: false, encoding: .utf8)
    let discard = fixture.folder.appending(path: "discard.sh").path
    try "#!/bin/sh\ncat >/dev/null\n".write(toFile: discard, atomically: true, encoding: .utf8)
    #expect(chmod(discard, 0o755) == 0)
    // dash counts ulimit -f in 512-byte blocks (64: 32 KiB, room for the
    // message's temporary file); an ignored SIGXFSZ stays ignored across exec.
    let command =
      "ulimit -f 64; trap '' XFSZ; exec \"$0\" roster \"$1\" --send --sendmail \"$2\" --state \"$3\" "
      + "--mail-from roster@example.org --now \(Self.now)"
    let result = try Subprocess.run(
      "/bin/sh", ["-c", command, EndToEndTests.binary!.path, fixture.roster, discard, fixture.state],
      environment: ["LANG": "C.UTF-8"])
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "posttim-report: error: journal '\(fixture.state)/roster.journal': cannot record a delivery: "
        + "File too large: zoe (row 2) was sent but not recorded: it will be sent again by the next run\n")
  }
}
