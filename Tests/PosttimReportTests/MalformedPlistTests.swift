import Foundation
import PosttimReport
import Testing
import TestSupport

/// Malformed property lists (overflowing numbers and references, sizes
/// past the file, nesting hidden in odd tag spellings, invalid bytes):
/// each is read or refused with a TaskListError, never a trap or a stack
/// overflow. Inputs the decoder fuzz harness (Scripts/fuzz) finds go here.
@Suite("Malformed property lists: read or refused, never a crash")
struct MalformedPlistTests {
  let decoder = TaskListDecoder()
  let tooDeep = "is nested more than 100 levels deep; not a task list"

  /// `depth` nested arrays spelled by `open`/`close`, as the value of an
  /// unknown key of the first task (at the root they are refused as no
  /// task dictionary before the depth counts).
  func nested(_ open: String, _ close: String, depth: Int = 3000, prefix: String = "") -> String {
    "<?xml version=\"1.0\"?>" + prefix + "<plist><array><dict><key>x</key>" + String(repeating: open, count: depth)
      + String(repeating: close, count: depth) + "</dict></array></plist>"
  }

  /// A one-task list whose title is "t" followed by `reference`.
  func titled(_ reference: String) -> Data {
    Data(
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array><dict>"
        + "<key>tache</key><string>t\(reference)</string><key>date</key><date>2026-12-01T00:00:00Z</date>"
        + "<key>importance</key><string>5</string></dict></array></plist>\n").utf8)
  }

  @Test(
    "character references past U+10FFFF are refused by expat, not an overflow trap in the scanner",
    arguments: ["&#x888888888;", "&#xFFFFFFFFF;", "&#99999999999;", "&#x110000;"])
  func hugeCharacterReference(reference: String) throws {
    // Nine hex digits multiply past UInt32.max in the scanner's
    // PlistXMLScanner.reference(), which must give up, not trap.
    #expect(
      throws: TaskListError(
        .unreadable, file: "ref.plist",
        message: "not a property list (line 3, column 39: reference to invalid character number)")
    ) { try decoder.decode(titled(reference), file: "ref.plist") }
  }

  @Test("a reference with more digits than the scanner reads is left to expat, which reads it")
  func longCharacterReference() throws {
    #expect(try decoder.decode(titled("&#x0000000041;"), file: "ref.plist").map(\.title) == ["tA"])
  }

  @Test("a binary dictionary whose count is near Int.max is no arithmetic overflow")
  func binaryDictionaryHugeCount() throws {
    // bplist00; object 0 at offset 8: dict marker 0xDF, count as an 8-byte
    // int 0x7FFF_FFFF_FFFF_FFFF; offset table (1-byte offsets) at 19;
    // trailer: offset size 1, reference size 1, 1 object, top 0, table at 19.
    let bytes: [UInt8] =
      Array("bplist00".utf8) + [0xDF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00] + [0x08]
      + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0]
      + [0, 0, 0, 0, 0, 0, 0, 19]
    // Our depth walk doubled the count (an overflow trap); Foundation's
    // binary scanner traps on it too, so the count is refused first.
    #expect(
      throws: TaskListError(
        .unreadable, file: "huge.bplist", message: "not a valid binary property list (object 0 does not fit the file)")
    ) {
      try decoder.decode(Data(bytes), file: "huge.bplist")
    }
  }

  @Test("a binary array whose count does not fit in an Int is refused as not fitting the file")
  func binaryArrayCountPastIntMax() {
    // 53 bytes: array marker 0xAF, count as an 8-byte int
    // 0xFF7F_FFFF_FFFF_FFFF; 2-byte offsets, table at 19.
    let bytes: [UInt8] = [
      0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xAF, 0x13, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF,
      0xFF, 0xFF, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x13,
    ]
    #expect(
      throws: TaskListError(
        .unreadable, file: "huge.bplist", message: "not a valid binary property list (object 0 does not fit the file)")
    ) {
      try decoder.decode(Data(bytes), file: "huge.bplist")
    }
  }

  @Test("a UTF-16 string longer than the file is refused")
  func binaryStringPastEnd() throws {
    // hostile.plist with two bytes changed: the 5,000-unit description (a
    // UTF-16 string object at 1238: 0x6F, then a 2-byte count 0x13F5)
    // claims 0x20AC units, past the end.
    var bytes = try Data(contentsOf: TestPaths.packageRoot.appending(path: "Tests/Fixtures/hostile.plist"))
    try #require(bytes[1238] == 0x6F && bytes[1239] == 0x11 && bytes[1240] == 0x13 && bytes[1241] == 0xF5)
    bytes[1240] = 0x20
    bytes[1241] = 0xAC
    #expect(
      throws: TaskListError(
        .unreadable, file: "long.bplist", message: "not a valid binary property list (object 46 does not fit the file)")
    ) {
      try decoder.decode(bytes, file: "long.bplist")
    }
  }

  @Test(
    "XML nesting is counted however the tag is spelled",
    arguments: [
      ("<array >", "</array >"),  // a space before '>'
      ("<array\n>", "</array>"),  // a line break
      ("<array x=\"1\">", "</array>"),  // an attribute
      ("<dict ><key>k</key>", "</dict>"),
    ])
  func xmlTagSpellings(open: String, close: String) {
    #expect(throws: TaskListError(.invalid, file: "deep.plist", message: tooDeep)) {
      try decoder.decode(Data(nested(open, close).utf8), file: "deep.plist")
    }
  }

  @Test("closing tags inside a processing instruction do not lower the depth")
  func processingInstruction() {
    let prefix = "<?x " + String(repeating: "</array>", count: 3000) + " ?>"
    #expect(throws: TaskListError(.invalid, file: "deep.plist", message: tooDeep)) {
      try decoder.decode(Data(nested("<array>", "</array>", prefix: prefix).utf8), file: "deep.plist")
    }
  }

  @Test("UTF-16 XML (with a byte order mark) is scanned for nesting too")
  func utf16() throws {
    let text = nested("<array>", "</array>")
    for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
      let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
      let data = Data(bom) + (text.data(using: encoding) ?? Data())
      #expect(throws: TaskListError(.invalid, file: "deep.plist", message: tooDeep)) {
        try decoder.decode(data, file: "deep.plist")
      }
    }
    // A shallow UTF-16 list still decodes.
    let list =
      Data([0xFF, 0xFE])
      + ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><array/></plist>".data(using: .utf16LittleEndian) ?? Data())
    #expect(try decoder.decode(list, file: "utf16.plist").isEmpty)
  }

  @Test("invalid UTF-8 in an <integer> is refused at its column")
  func integerInvalidUTF8() {
    // 0xFE then "1Array" in an <integer>: expat refuses the byte as invalid UTF-8 at its column (counted by hand).
    for (body, column) in [("<dict><key>x</key><integer>", 42), ("<dict><key>importance</key><integer>", 51)] {
      let bytes: [UInt8] = Array("<plist><array>\(body)".utf8) + [0xFE] + Array("1Array</integer></array></plist>".utf8)
      let message = "not a property list (line 1, column \(column): invalid UTF-8 (byte 0xFE))"
      #expect(throws: TaskListError(.unreadable, file: "int.plist", message: message)) {
        try decoder.decode(Data(bytes), file: "int.plist")
      }
    }
  }

  @Test("a <date> tag with a space is still checked")
  func dateTagWithSpace() {
    let data = Data(
      "<plist><array><dict><key>tache</key><string>t</string><key>date</key><date >2026-13-45T99:00:00Z</date><key>importance</key><string>1</string></dict></array></plist>"
        .utf8)
    do {
      _ = try decoder.decode(data, file: "d.plist")
      Issue.record("accepted a rolled-over date")
    } catch {
      #expect(error.key == "date")
    }
  }
}
