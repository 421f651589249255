import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// What spreadsheets export when asked for CSV: wall times as `6:00` or
/// `06:00:00`, trailing rows of empty cells, another separator, another
/// encoding, names in decomposed form.
@Suite("Roster spreadsheet exports")
struct RosterSpreadsheetExportTests {
  static let now = "2026-12-01T12:00:00Z"

  @Test("at as H:MM (Excel) or HH:MM:00 (LibreOffice), and trailing empty rows, are read")
  func excelAndLibreOffice() throws {
    let fixture = try RosterFixture(
      "id,list,at,time-zone,mail-to\r\na,tasks.plist,6:00,UTC,a@example.org\r\n"
        + "b,tasks.plist,13:30:00,UTC,b@example.org\r\n,,,,\r\n,,,,\r\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success, "\(run.stderr)")
    #expect(
      run.stdout == "a: sent \(fixture.messageID("a", "20261201")) (2026-12-01, 06:00 UTC)\n"
        + "b: not due until 13:30 (UTC)\nroster: 1 sent, 1 not due, 0 already sent, 0 failed\n")
  }

  static let latin1: [UInt8] =
    Array("id,list,mail-to\na,tasks.plist,a@example.org\n".utf8) + [0x6A, 0x6F, 0x73, 0xE9]
    + Array(",tasks.plist,j@example.org\n".utf8)

  static let refusals: [([UInt8], String)] = [
    (
      Array("id;list;mail-to\na;tasks.plist;a@example.org\n".utf8),
      "row 1, column 'id;list;mail-to': the roster is comma-separated (RFC 4180); this file seems to use ';'"
    ),
    (
      Array("id\tlist\tmail-to\na\ttasks.plist\ta@example.org\n".utf8),
      "row 1, column 'id\\tlist\\tmail-to': the roster is comma-separated (RFC 4180); this file seems to use a tab"
    ),
    (
      latin1,
      "row 3, column 'id': not UTF-8 text"
    ),
    (
      Array("id,list,mail-to\njose\u{301},tasks.plist,j@example.org\n".utf8),
      "row 2, column 'id': 'jose\u{301}' is in decomposed form (a letter followed by a combining accent, "
        + "as macOS writes names): type it again or save the roster in composed form (NFC)"
    ),
  ]

  @Test("a roster refused with a reason a spreadsheet user can act on", arguments: refusals)
  func refusedWithReason(bytes: [UInt8], error: String) throws {
    let fixture = try RosterFixture("")
    defer { fixture.remove() }
    try Data(bytes).write(to: URL(fileURLWithPath: fixture.roster))
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    let first = try #require(run.stderr.first)
    #expect(first.hasPrefix("posttim-report: error: roster '\(fixture.roster)', " + error), "\(first)")
    #expect(fixture.messages.isEmpty)
  }

  @Test("a mail-to column given twice adds both addresses, as the repeatable option given twice does")
  func repeatableColumnTwice() throws {
    let fixture = try RosterFixture(
      "id,list,time-zone,mail-to,mail-to\na,tasks.plist,UTC,a@example.org,parent@example.org\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .success, "\(run.stderr)")
    #expect(fixture.messages.map { header("To", in: $0) } == ["a@example.org, parent@example.org"])
  }

  @Test("a column of an option that is not repeatable, given twice, is refused saying which may be")
  func otherColumnTwice() throws {
    let fixture = try RosterFixture("id,list,time-zone,time-zone,mail-to\na,tasks.plist,UTC,Asia/Tokyo,a@example.org\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 1, column 'time-zone': named twice "
          + "(only a repeatable option's column, such as mail-to, may be)"
      ])
  }

  @Test("-o naming a regular file says it is a file, not a folder")
  func outputIsAFile() throws {
    let fixture = try RosterFixture("id,list,mail-to\na,tasks.plist,a@example.org\n")
    defer { fixture.remove() }
    let file = fixture.folder.path + "/afile"
    FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
    let run = CapturedRun()
    let status = run.run(["roster", fixture.roster, "-o", file, "--state", fixture.state, "--now", Self.now])
    #expect(status == .cannotCreate)
    #expect(run.stderr.first?.contains("-o names a file, not a folder") == true, "\(run.stderr)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
  }
}
