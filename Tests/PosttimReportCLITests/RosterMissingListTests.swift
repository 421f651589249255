import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// The roster's check names a reader whose list is not there (row, column
/// and file), due or not, before anything is sent; that reader fails when
/// it is due, and the others are sent all the same.
@Suite("Roster: a reader's list that is not there")
struct RosterMissingListTests {
  static func warning(_ fixture: RosterFixture, row: Int, id: String, list: String, verb: String = "sent") -> String {
    "posttim-report: warning: row \(row) (\(id)): column 'list': \(fixture.folder.path)/\(list): no such file; "
      + "this reader fails until it is there, the others are \(verb)"
  }

  @Test("a due reader's missing list: named by the check, that reader fails (75), the others are sent")
  func dueReader() throws {
    let fixture = try RosterFixture(
      """
      id,list,mail-to
      ann,tasks.plist,ann@example.org
      bob,gone.plist,bob@example.org
      cat,tasks.plist,cat@example.org

      """)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status == .temporaryFailure)
    let errors = run.stderr.filter { !$0.hasPrefix("posttim-report: note: no journal in ") }
    #expect(errors.first == Self.warning(fixture, row: 3, id: "bob", list: "gone.plist"))
    #expect(fixture.messages.count == 2)
    #expect(fixture.messages.map { header("To", in: $0) } == ["ann@example.org", "cat@example.org"])
  }

  @Test("a reader not due yet whose list is missing: named by the check, the run goes on (0)")
  func readerNotDue() throws {
    let fixture = try RosterFixture(
      """
      id,list,at,mail-to
      ann,tasks.plist,06:00,ann@example.org
      bob,sub/gone.plist,23:00,bob@example.org

      """)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status == .success)
    #expect(
      run.stderr.filter { !$0.hasPrefix("posttim-report: note: no journal in ") } == [
        Self.warning(fixture, row: 3, id: "bob", list: "sub/gone.plist")
      ])
    #expect(fixture.messages.count == 1)
  }

  @Test("with -o DIR the warning says the others are written")
  func folderDelivery() throws {
    let fixture = try RosterFixture(
      "id,list,mail-to\nann,tasks.plist,ann@example.org\nbob,gone.plist,bob@example.org\n")
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
    let run = CapturedRun()
    let status = run.run(
      ["roster", fixture.roster, "-o", out.path, "--state", fixture.state, "--now", "2026-12-01T12:00:00Z"])
    #expect(status == .temporaryFailure)
    #expect(
      run.stderr.filter { !$0.hasPrefix("posttim-report: note: no journal in ") }.first
        == Self.warning(fixture, row: 3, id: "bob", list: "gone.plist", verb: "written"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["ann.eml"])
  }
}
