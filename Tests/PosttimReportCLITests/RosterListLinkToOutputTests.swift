import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `roster -o DIR`: a reader's list that is a symbolic link to a reader's
/// `DIR/ID.eml` (another's or their own) is that reader's doing, so that
/// reader alone fails, naming its list and the output; the others are
/// written. (An output name that leads to a list, or a roster naming
/// `DIR/ID.eml` as a list, still refuses the whole roster: a task list
/// would be overwritten.)
@Suite("Roster list link to an output", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct RosterListLinkToOutputTests {
  static let now = "2026-12-01T12:00:00Z"

  /// Rows `a1` (the example list) and `mal` (her `x.plist`), and `out/`
  /// holding last run's `a1.eml` and `mal.eml`.
  struct Setup {
    let fixture: RosterFixture
    var out: String { fixture.folder.appending(path: "out").path }
    var list: String { fixture.folder.appending(path: "x.plist").path }

    init() throws {
      fixture = try RosterFixture(
        "id,list,time-zone,mail-to\na1,tasks.plist,UTC,a1@example.org\nmal,x.plist,UTC,mallory@example.org\n")
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
      try "last run's a1\n".write(toFile: out + "/a1.eml", atomically: false, encoding: .utf8)
      try "last run's mal\n".write(toFile: out + "/mal.eml", atomically: false, encoding: .utf8)
    }

    func run() -> (ExitCode, CapturedRun) {
      let run = CapturedRun()
      let status = run.run([
        "roster", fixture.roster, "-o", out, "--state", fixture.state, "--mail-from", "r@example.org", "--now",
        RosterListLinkToOutputTests.now,
      ])
      return (status, run)
    }

    func failure(_ output: String, row: Int) -> String {
      "mal: failed: row 3: \(list): is row \(row)'s output '\(out)/\(output)', not a task list"
    }
  }

  @Test("a list linked to another reader's DIR/ID.eml: that reader fails, the other is written")
  func linkToAnotherReadersOutput() throws {
    let setup = try Setup()
    defer { setup.fixture.remove() }
    try FileManager.default.createSymbolicLink(atPath: setup.list, withDestinationPath: setup.out + "/a1.eml")
    let (status, run) = setup.run()
    #expect(status == .temporaryFailure, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.first?.hasPrefix("a1: written <posttim-roster.") == true, "\(lines)")
    #expect(lines.dropFirst().first == setup.failure("a1.eml", row: 2))
    let written = try String(contentsOfFile: setup.out + "/a1.eml", encoding: .utf8)
    #expect(written.contains("To: a1@example.org"))
    #expect(try String(contentsOfFile: setup.out + "/mal.eml", encoding: .utf8) == "last run's mal\n")
  }

  @Test("a list linked to the reader's own DIR/ID.eml: that reader fails, the other is written")
  func linkToOwnOutput() throws {
    let setup = try Setup()
    defer { setup.fixture.remove() }
    try FileManager.default.createSymbolicLink(atPath: setup.list, withDestinationPath: setup.out + "/mal.eml")
    let (status, run) = setup.run()
    #expect(status == .temporaryFailure, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("a1: written <posttim-roster.") == true, "\(lines)")
    #expect(lines.dropFirst().first == setup.failure("mal.eml", row: 3))
    #expect(try String(contentsOfFile: setup.out + "/mal.eml", encoding: .utf8) == "last run's mal\n")
  }
}
