import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The sendmail program `--send` runs (from `--sendmail`, the config file
/// or a `PATH` lookup) is held to the config file's rule: owned by the
/// caller or root, not writable by group or others, in folders nobody else
/// can change. Otherwise nothing is run: exit 69, naming the program and why.
@Suite(
  "Sendmail program trust",
  .requires(.builtBinary), .enabled(if: geteuid() == 0, "needs root to chown"))
struct SendmailProgramTrustTests {
  static let stranger: uid_t = 4251

  /// A folder holding a sendmail script that records it ran.
  struct Setup {
    let folder: URL
    var program: String { folder.appending(path: "bin/sm").path }
    var ran: String { folder.appending(path: "ran").path }

    init() throws {
      folder = try temporaryFolder()
      try FileManager.default.createDirectory(
        atPath: folder.appending(path: "bin").path, withIntermediateDirectories: false)
      try "#!/bin/sh\ncat > '\(ran)'\n".write(toFile: program, atomically: false, encoding: .utf8)
      #expect(chmod(program, 0o755) == 0)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func send(_ sendmail: String, extra: String = "", environment: [String: String] = [:]) throws -> Subprocess.Result {
      try GuardedShell.run(
        "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC --send --mail-to a@example.org "
          + "--mail-from b@example.org \(sendmail) \(extra)",
        environment: environment)
    }

    func refusal(_ path: String, _ reason: String) -> String {
      "posttim-report: error: cannot send: the sendmail program \(path) is not trusted: \(reason); nothing was sent\n"
    }
  }

  @Test("a trusted config file naming another user's program: 69 naming it and its owner, not run")
  func configNamesStrangersProgram() throws {
    let setup = try Setup()
    defer { setup.remove() }
    #expect(chown(setup.program, Self.stranger, Self.stranger) == 0)
    let config = setup.folder.appending(path: "config").path
    try "sendmail = \(setup.program)\n".write(toFile: config, atomically: false, encoding: .utf8)
    #expect(chmod(config, 0o600) == 0)
    let result = try setup.send("--config \"$CONFIG\"", environment: ["CONFIG": config])
    #expect(result.status == 69)
    #expect(
      result.stderr == setup.refusal(setup.program, "owned by uid \(Self.stranger), not by you or root"))
    #expect(!FileManager.default.fileExists(atPath: setup.ran))
  }

  @Test("--sendmail naming a program its group may change: 69 naming the mode")
  func groupWritableProgram() throws {
    let setup = try Setup()
    defer { setup.remove() }
    #expect(chmod(setup.program, 0o775) == 0)
    let result = try setup.send("--sendmail \"$SM\"", environment: ["SM": setup.program])
    #expect(result.status == 69)
    #expect(
      result.stderr == setup.refusal(setup.program, "mode 0775 lets other users change it (chmod go-w)"))
    #expect(!FileManager.default.fileExists(atPath: setup.ran))
  }

  @Test("a program in a folder others may write (not sticky): 69 naming the folder")
  func programInOpenFolder() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let bin = setup.folder.appending(path: "bin").path
    #expect(chmod(bin, 0o777) == 0)
    let result = try setup.send("--sendmail \"$SM\"", environment: ["SM": setup.program])
    #expect(result.status == 69)
    #expect(
      result.stderr
        == setup.refusal(setup.program, "its folder \(bin) is writable by other users (mode 0777) and not sticky"))
    #expect(!FileManager.default.fileExists(atPath: setup.ran))
  }

  @Test("a bare name found on PATH in another user's folder: 69 naming the program found")
  func pathLookupInStrangersFolder() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let bin = setup.folder.appending(path: "bin").path
    #expect(chown(bin, Self.stranger, Self.stranger) == 0)
    let result = try setup.send("--sendmail sm", environment: ["PATH": bin + ":/usr/bin:/bin"])
    #expect(result.status == 69)
    #expect(
      result.stderr
        == setup.refusal(setup.program, "its folder \(bin) belongs to uid \(Self.stranger), not to you or root"))
    #expect(!FileManager.default.fileExists(atPath: setup.ran))
  }

  @Test("the roster's reader whose program is another user's fails, naming it (75)")
  func rosterReaderFails() throws {
    let setup = try Setup()
    defer { setup.remove() }
    #expect(chown(setup.program, Self.stranger, Self.stranger) == 0)
    let fixture = try RosterFixture("id,list,time-zone,mail-to\nzoe,tasks.plist,UTC,zoe@example.org\n")
    defer { fixture.remove() }
    let result = try GuardedShell.run(
      "exec \"$BIN\" roster \"$ROSTER\" --send --sendmail \"$SM\" --state \"$STATE\" "
        + "--mail-from roster@example.org --now 2026-12-01T12:00:00Z",
      environment: ["SM": setup.program, "ROSTER": fixture.roster, "STATE": fixture.state])
    #expect(result.status == 75)
    #expect(
      result.stdout
        == "zoe: failed: row 2: cannot send: the sendmail program \(setup.program) is not trusted: owned by uid "
        + "\(Self.stranger), not by you or root; nothing was sent\n"
        + "roster: 0 sent, 0 not due, 0 already sent, 1 failed\n")
    #expect(!FileManager.default.fileExists(atPath: setup.ran))
  }

  @Test("your own program in your own folders is run")
  func ownProgramRuns() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let result = try setup.send("--sendmail \"$SM\"", environment: ["SM": setup.program])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOfFile: setup.ran, encoding: .utf8).contains("To: a@example.org"))
  }

  @Test("the default /usr/sbin/sendmail (a link to the MTA) and /bin/true pass")
  func systemProgramsPass() {
    if FileManager.default.fileExists(atPath: "/usr/sbin/sendmail") {
      #expect(SendmailProgramTrust.refusal("/usr/sbin/sendmail") == nil)
    }
    #expect(SendmailProgramTrust.refusal("/bin/true") == nil)
  }
}
