import Foundation
import PosttimReport
import Testing

/// Encodings the XML reader reads or refuses by name, and its error
/// messages: the real line and column, values escaped, one clean line.
@Suite("Reader encodings and messages")
struct ReaderMessageTests: DecodesSampleLists {
  // MARK: Declared encodings

  @Test("ISO-8859-1, US-ASCII and UTF-16 without a byte order mark are read")
  func encodings() throws {
    var latin1 = Array(xmlTask("<key>note</key><string>caf_</string>", encoding: "ISO-8859-1").utf8)
    latin1[latin1.firstIndex(of: UInt8(ascii: "_"))!] = 0xE9
    #expect(try decoder.decode(Data(latin1), file: "x")[0].extraFields["note"] == .string("café"))
    let ascii = xmlTask("<key>note</key><string>cafe</string>", encoding: "US-ASCII")
    #expect(try decoder.decode(Data(ascii.utf8), file: "x")[0].extraFields["note"] == .string("cafe"))
    let utf16 = try #require(
      xmlTask("<key>note</key><string>café</string>", encoding: "UTF-16").data(using: .utf16LittleEndian))
    #expect(try decoder.decode(utf16, file: "x")[0].extraFields["note"] == .string("café"))
  }

  @Test("an encoding expat does not read is refused by name")
  func unknownEncoding() throws {
    let refused = try #require(error(Data(xmlTask("", encoding: "KOI8-R").utf8)))
    #expect(
      refused.description
        == "x.plist: is in an encoding this tool does not read (\"KOI8-R\"; it reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII)"
    )
  }

  // MARK: Error messages

  /// True when `text` holds no C0 or C1 control character and no DEL.
  func isOneCleanLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test("a tag carrying ESC sequences reaches stderr escaped, on one line")
  func escapeInTag() throws {
    let text = xmlTask("<str\u{1B}[31mRED\u{1B}[0m>x</str\u{1B}[31mRED\u{1B}[0m>")
    let refused = try #require(error(Data(text.utf8)))
    #expect(isOneCleanLine(refused.description))
    // expat refuses ESC in a name as a bad token first, at its position.
    // Lines and 1-based columns here are those Python's pyexpat reports for
    // the same bytes (the same expat, through another binding).
    #expect(
      refused.description
        == "x.plist: not a property list (line 2, column 160: the control character U+001B is not allowed in XML)")
  }

  @Test("an unknown element is named with its control characters escaped")
  func unknownElementEscaped() throws {
    let text = xmlTask("<key>k</key><strX>x</strX>")
    #expect(
      error(Data(text.utf8))?.description
        == "x.plist: not a property list (line 2, column 168: <strX> is no property list element)")
    let nel = xmlTask("<key>k</key><string>a</string>").replacingOccurrences(
      of: "<string>a", with: "<string>a<b\u{85}c/>")
    let refused = try #require(error(Data(nel.utf8)))
    #expect(
      refused.description
        == "x.plist: not a property list (line 2, column 179: the character U+0085 is not allowed here)")
  }

  @Test("a parse error names its real line and column")
  func realLine() throws {
    let text =
      "<?xml version=\"1.0\"?>\n<plist><array>\n" + String(repeating: "\n", count: 14) + "  <dict></array></plist>"
    #expect(error(Data(text.utf8))?.description == "x.plist: not a property list (line 17, column 11: mismatched tag)")
  }

  @Test("UTF-16 text broken mid-way puts no NUL in the message")
  func utf16WithoutBOM() throws {
    var data = try #require(
      "<?xml version=\"1.0\"?><plist><array><dict><oops/></dict></array></plist>".data(using: .utf16LittleEndian))
    data.append(contentsOf: [0x00, 0xD8])
    let refused = try #require(error(data))
    #expect(isOneCleanLine(refused.description))
    #expect(
      refused.description == "x.plist: not a property list (line 1, column 42: <oops> is no property list element)")
  }

  @Test("a 128-bit integer importance says so, in XML and binary")
  func bigInteger() throws {
    let xml = xmlTask("").replacingOccurrences(
      of: "<string>5</string>", with: "<integer>1180591620717411303424</integer>")
    #expect(
      error(Data(xml.utf8))?.description
        == "x.plist: entry 1: \"importance\" must be 1…9, got an integer beyond 64 bits")
    var plist = BinaryPlistBuilder()
    let task = plist.dictionary(
      [("tache", plist.string("t")), ("date", plist.date(0)), ("importance", plist.integer128(high: 64, low: 0))]
        .map { (key: plist.string($0.0), value: $0.1) })
    let root = plist.array([task])
    #expect(
      error(plist.data(top: root))?.description
        == "x.plist: entry 1: \"importance\" must be 1…9, got an integer beyond 64 bits")
  }

  /// A UID's low nibble is its length less one, never a count in the next
  /// object: 0x8F is a 16-byte UID, not an extended count.
  @Test(
    "a binary value of a kind no task list holds is named, with its entry and key",
    arguments: [
      ([0x80, 0x07], "a UID"), ([0x8F] + Array(repeating: 0x01, count: 16), "a UID"), ([0x00], "a null"),
    ] as [([UInt8], String)])
  func kindNoTaskListHolds(bytes: [UInt8], name: String) throws {
    var plist = BinaryPlistBuilder()
    let task = plist.dictionary(
      [
        ("tache", plist.string("t")), ("date", plist.date(0)), ("importance", plist.string("5")),
        ("x", plist.add(bytes)),
      ]
      .map { (key: plist.string($0.0), value: $0.1) })
    let root = plist.array([task])
    #expect(
      error(plist.data(top: root))?.description == "x.plist: entry 1: \"x\" holds \(name), which no task list holds")
  }

  @Test("invalid UTF-8 in a string says invalid UTF-8, at its line")
  func invalidUTF8() throws {
    var bytes = Array(xmlTask("<key>note</key><string>caf_</string>").utf8)
    bytes[bytes.firstIndex(of: UInt8(ascii: "_"))!] = 0xC3
    let refused = try #require(error(Data(bytes)))
    #expect(refused.description.hasPrefix("x.plist: not a property list (line 2, column "))
    #expect(refused.description.hasSuffix(": invalid UTF-8 (byte 0xC3))"))
  }

  @Test("a binary UTF-16 title with an unpaired surrogate says so; a pair is read")
  func unpairedSurrogate() throws {
    for (units, expected) in [
      ([0xD83D], nil), ([0xDE00, 0x0041], nil), ([0xD83D, 0xDE00, 0x00E9], "😀é"), ([0xD83D, 0xD83D], nil),
      ([0x0041, 0xD83D], nil), ([0x20AC, 0x0041, 0x07FF, 0x0800, 0xFFFD], "€A\u{7FF}\u{800}\u{FFFD}"),
      ([0xDBFF, 0xDFFF], "\u{10FFFF}"),
    ] as [([UInt16], String?)] {
      var plist = BinaryPlistBuilder()
      let title = plist.add([0x60 | UInt8(units.count)] + units.flatMap { BinaryPlistBuilder.bigEndian(UInt64($0), 2) })
      let task = plist.dictionary(
        [("tache", title), ("date", plist.date(0)), ("importance", plist.string("5"))].map {
          (key: plist.string($0.0), value: $0.1)
        })
      let root = plist.array([task])
      if let expected {
        #expect(try decoder.decode(plist.data(top: root), file: "x")[0].title == expected)
      } else {
        #expect(
          error(plist.data(top: root))?.description
            == "x.plist: entry 1: \"tache\" holds a string that is not valid UTF-16 (an unpaired surrogate)")
      }
    }
  }

  @Test("every message of a hostile corpus is one clean line")
  func cleanMessages() throws {
    let nasty = "\u{1B}[2J\u{0}\r\n\u{9B}31m"
    let inputs = [
      xmlTask("<key>importance</key><string>\(nasty)</string>"),
      xmlTask("").replacingOccurrences(of: "<string>5</string>", with: "<string>\(nasty)</string>"),
      xmlTask("").replacingOccurrences(of: "2026-12-01T00:00:00Z", with: nasty),
      xmlTask("<key>\(nasty)</key><integer>\(nasty)</integer>"),
      xmlTask("<key>x</key><real>\(nasty)</real>"),
      xmlTask("") + nasty,
    ]
    for input in inputs {
      let refused = try #require(error(Data(input.utf8), file: "a\u{1B}b\nc.plist"))
      #expect(isOneCleanLine(refused.description), "\(refused.description.debugDescription)")
    }
  }
}
