import Testing

@testable import PosttimReportCLI

/// The roster's CSV reader against RFC 4180 §2 rule by rule.
@Suite("RFC 4180 reader")
struct RFC4180ReaderTests {
  func read(_ text: String) throws -> [[String]] {
    try RFC4180Reader.records(Array(text.utf8)).map(\.fields)
  }

  func failure(_ text: String) -> RFC4180Reader.Failure? {
    do {
      _ = try RFC4180Reader.records(Array(text.utf8))
      return nil
    } catch { return error }
  }

  @Test("§2.1–2.3: CRLF between records, the last one optional, a header row")
  func records() throws {
    #expect(try read("id,list\r\nzoe,a.plist\r\n") == [["id", "list"], ["zoe", "a.plist"]])
    #expect(try read("id,list\r\nzoe,a.plist") == [["id", "list"], ["zoe", "a.plist"]])
    #expect(
      try read("id,list\nzoe,a.plist\rmax,b.plist\n") == [["id", "list"], ["zoe", "a.plist"], ["max", "b.plist"]])
  }

  @Test("§2.4: spaces are part of a field; empty fields stay")
  func spaces() throws {
    #expect(try read(" a , b ,\r\n") == [[" a ", " b ", ""]])
    #expect(try read(",,\r\n") == [["", "", ""]])
  }

  @Test("§2.5–2.7: quoted fields hold commas, CRLF and doubled quotes")
  func quoted() throws {
    #expect(
      try read("\"Tremblay, Zoë <z@example.org>\",\"a\r\nb\",\"say \"\"hi\"\"\"\r\n") == [
        ["Tremblay, Zoë <z@example.org>", "a\r\nb", "say \"hi\""]
      ])
    #expect(try read("\"\",x\r\n") == [["", "x"]])
  }

  @Test("a UTF-8 byte order mark is dropped; blank lines are no records")
  func bomAndBlankLines() throws {
    #expect(
      try RFC4180Reader.records([0xEF, 0xBB, 0xBF] + Array("id\r\n\r\nzoe\r\n\r\n".utf8)).map(\.fields) == [
        ["id"], ["zoe"],
      ])
  }

  @Test("what RFC 4180 forbids is refused, naming row and field")
  func refused() {
    #expect(failure("id,list\r\nzo\"e,a\r\n") == .init(row: 2, column: 1, message: "a quote inside an unquoted field"))
    #expect(
      failure("id,list\r\n\"zoe\"x,a\r\n")
        == .init(row: 2, column: 1, message: "text after a quoted field's closing quote"))
    #expect(failure("id,list\r\nzoe,\"a\r\n") == .init(row: 2, column: 2, message: "a quote that is never closed"))
    #expect(failure("id\r\nz\u{FFFD}") == nil)
    var bytes = Array("id\r\nok\r\n".utf8)
    bytes += [0xC3, 0x28]
    #expect(throws: RFC4180Reader.Failure(row: 3, column: 1, message: "not UTF-8 text")) {
      try RFC4180Reader.records(bytes)
    }
  }
}
