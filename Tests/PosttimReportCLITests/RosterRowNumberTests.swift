import Foundation
import PosttimReportCLI
import Testing
import TestSupport

@testable import PosttimReportCLI

/// Rows are numbered as a spreadsheet shows them (roster.md, "The roster
/// file"): one row per CSV record, the header row 1, a blank line a row;
/// a quoted cell holding line breaks is one row however many lines it
/// spans, so the rows after it keep their numbers.
@Suite("Roster row numbers")
struct RosterRowNumberTests {
  static let now = "2026-12-01T12:00:00Z"
  static let header = "id,list,time-zone,mail-to\n"
  /// zoe's list cell spans three lines: a file name may hold line breaks.
  static let zoeList = "zoe\nweek\r\nlist.plist"
  static let zoe = "zoe,\"\(zoeList)\",UTC,zoe@example.org\n"

  /// A roster whose zoe row (row 2) names a list whose name spans three lines.
  static func fixture(_ rows: String) throws -> RosterFixture {
    let fixture = try RosterFixture(header + zoe + rows)
    try FileManager.default.copyItem(at: TestPaths.example, to: fixture.folder.appending(path: zoeList))
    return fixture
  }

  @Test("each record's row is its record number, line breaks inside quoted cells not counted")
  func recordRows() throws {
    let records = try RFC4180Reader.records(Array("id,note\r\na,\"1\r\n2\r3\n4\"\r\n\r\nb,x\r\n".utf8))
    #expect(records.map(\.row) == [1, 2, 4])
  }

  @Test("a CSV fault after a multi-line cell names the record's row")
  func faultAfterMultiLineCell() {
    func failure(_ bytes: [UInt8]) -> RFC4180Reader.Failure? {
      do {
        _ = try RFC4180Reader.records(bytes)
        return nil
      } catch { return error }
    }
    #expect(
      failure(Array("id,note,x\na,\"1\n2\",ok\nb,\"3\n4\",zo\"e\n".utf8))
        == .init(row: 3, column: 3, message: "a quote inside an unquoted field"))
    #expect(
      failure(Array("id,note\na,\"1\n2\n3\"\nb,".utf8) + [0xC3, 0x28])
        == .init(row: 3, column: 2, message: "not UTF-8 text"))
  }

  @Test("a bad cell in the row after a multi-line cell is named by its record's row")
  func cellErrorRow() throws {
    let fixture = try Self.fixture("max,tasks.plist,Mars/Olympus,max@example.org\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(run.stderr.count == 1)
    #expect(
      run.stderr.first?.hasPrefix("posttim-report: error: roster '\(fixture.roster)', row 3, column 'time-zone': ")
        == true, "\(run.stderr)")
  }

  @Test("a duplicate ID after a multi-line cell names both rows by record")
  func duplicateIDRows() throws {
    let fixture = try Self.fixture("zoe,tasks.plist,UTC,max@example.org\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .dataError)
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(fixture.roster)', row 3, column 'id': 'zoe' is also the ID of row 2"
      ])
  }

  @Test("a reader who fails after a multi-line cell is named by its record's row")
  func failedReaderRow() throws {
    let fixture = try Self.fixture("max,missing.plist,UTC,max@example.org\n")
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: Self.now)
    #expect(status == .temporaryFailure)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("zoe: sent ") == true, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("max: failed: row 3: ") }, "\(lines)")
  }
}
