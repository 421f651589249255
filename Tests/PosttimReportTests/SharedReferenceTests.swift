import Foundation
import PosttimReport
import Testing
import TestSupport

/// Issue 12, items 1–6: each numbered input, and its siblings.
@Suite("Hostile inputs, round two")
struct HostileInputRoundTwoTests {
  let decoder = TaskListDecoder()

  func error(_ data: Data, file: String = "x.plist") -> TaskListError? {
    do {
      _ = try decoder.decode(data, file: file)
      return nil
    } catch {
      return error
    }
  }

  /// The app's XML around the contents of one task dictionary.
  func xmlTask(_ fields: String, encoding: String = "UTF-8") -> String {
    "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<plist version=\"1.0\"><array><dict>"
      + "<key>tache</key><string>t</string><key>date</key><date>2026-12-01T00:00:00Z</date>"
      + "<key>importance</key><string>5</string>\(fields)</dict></array></plist>"
  }

  // MARK: 1. Shared references

  @Test("1: a 40-level chain of arrays each holding the previous twice is refused at once")
  func exponentialChain() throws {
    var plist = BinaryPlistBuilder()
    var chain = plist.string("x")
    for _ in 0..<40 { chain = plist.array([chain, chain]) }
    let root = plist.array([plist.task(extra: [("extra", chain)])])
    let data = plist.data(top: root)
    #expect(data.count < 1_000)
    let refused = try #require(error(data, file: "dag.plist"))
    #expect(
      refused.description
        == "dag.plist: expands through shared references to more than 64 times its size; not a task list this tool reads"
    )
    #expect(refused.kind == .invalid)
  }

  @Test("1: a short shared chain is read, value for value as if written out")
  func sharedChainRead() throws {
    var plist = BinaryPlistBuilder()
    var chain = plist.string("x")
    var expected = PropertyListValue.string("x")
    for _ in 0..<6 {
      chain = plist.array([chain, chain])
      expected = .array([expected, expected])
    }
    let root = plist.array([plist.task(extra: [("extra", chain)])])
    let tasks = try decoder.decode(plist.data(top: root), file: "dag.plist")
    #expect(tasks[0].extraFields["extra"] == expected)
  }

  @Test("1: a task dictionary that contains itself is refused as a cycle")
  func cycle() throws {
    var plist = BinaryPlistBuilder()
    // Object 0 is the task: its "extra" value is object 0 itself.
    let taskIndex = plist.add([])
    let fields = [
      ("tache", plist.string("t")), ("date", plist.date(0)), ("importance", plist.string("5")), ("extra", taskIndex),
    ]
    plist.replace(
      taskIndex, with: BinaryPlistBuilder.dictionaryBytes(fields.map { (key: plist.string($0.0), value: $0.1) }))
    let root = plist.array([taskIndex])
    let refused = try #require(error(plist.data(top: root)))
    #expect(refused.description == "x.plist: not a valid binary property list (object 0 contains itself)")
  }

  // MARK: 2. Memory amplification

  @Test("2: one 1 MB description referenced by 5,000 entries is refused (exit 65), not a failed allocation")
  func amplification() throws {
    let data = BinaryPlistBuilder.sharedDescription(length: 1_000_000, references: 5_000)
    #expect(data.count < 1_100_000)
    let refused = try #require(error(data))
    #expect(
      refused.description
        == "x.plist: expands through shared references to more than 64 times its size; not a task list this tool reads")
    #expect(refused.kind == .invalid)
  }

  @Test("2: 5,000 references to one small task are 5,000 tasks, each with its own entry number")
  func sharedTask() throws {
    var plist = BinaryPlistBuilder()
    let task = plist.task(title: "même tâche")
    let root = plist.array(Array(repeating: task, count: 5_000))
    let tasks = try decoder.decode(plist.data(top: root), file: "x.plist")
    #expect(tasks.count == 5_000)
    #expect(tasks.allSatisfy { $0.title == "même tâche" && $0.importance == 5 })
    #expect(tasks.map(\.origin.entry) == Array(1...5_000))
  }

  // MARK: 3. Duplicate keys

  @Test("3: a key given twice is refused in XML, naming the entry and the key")
  func duplicateXML() throws {
    // The issue's input: "urgent" hidden by a later "5" (Foundation keeps the last).
    let hidden = xmlTask("").replacingOccurrences(
      of: "<key>importance</key><string>5</string>",
      with: "<key>importance</key><string>urgent</string><key>importance</key><string>5</string>")
    #expect(error(Data(hidden.utf8))?.description == "x.plist: entry 1: \"importance\" must be 1…9, got \"urgent\"")
    let text = xmlTask("<key>importance</key><string>7</string>")
    let refused = try #require(error(Data(text.utf8)))
    #expect(refused.description == "x.plist: entry 1: \"importance\" is given twice in the entry (duplicate key)")
    #expect(refused.kind == .invalid)
    // Inside an unknown key's dictionary too.
    let nested = xmlTask("<key>extra</key><dict><key>a</key><true/><key>a</key><false/></dict>")
    #expect(
      error(Data(nested.utf8))?.description
        == "x.plist: entry 1: \"extra\" holds a dictionary with the key \"a\" twice (duplicate key)")
  }

  @Test("3: a key given twice is refused in binary, naming the entry and the key")
  func duplicateBinary() throws {
    let refused = try #require(error(BinaryPlistBuilder.taskWithDuplicateImportance()))
    #expect(refused.description == "x.plist: entry 1: \"importance\" is given twice in the entry (duplicate key)")
  }

  // MARK: 4. Dates

  /// Seconds since 1970 from Python's proleptic `datetime(…, tzinfo=utc).timestamp()`.
  @Test(
    "4: XML dates are proleptic Gregorian and agree with binary seconds",
    arguments: [
      ("1000-01-01T00:00:00Z", -30_610_224_000.0), ("1582-10-04T00:00:00Z", -12_220_243_200),
      ("1582-10-15T00:00:00Z", -12_219_292_800), ("0001-01-01T00:00:00Z", -62_135_596_800),
      ("0000-12-30T00:00:00Z", Date.distantPast.timeIntervalSince1970),
      ("4001-01-01T00:00:00Z", Date.distantFuture.timeIntervalSince1970),
    ])
  func prolepticDates(text: String, seconds: Double) throws {
    let xml = try decoder.decode(
      Data(xmlTask("").replacingOccurrences(of: "2026-12-01T00:00:00Z", with: text).utf8), file: "x")
    #expect(xml[0].date.timeIntervalSince1970 == seconds)
    var plist = BinaryPlistBuilder()
    let task = plist.dictionary(
      [("tache", plist.string("t")), ("date", plist.date(seconds - 978_307_200)), ("importance", plist.string("5"))]
        .map { (key: plist.string($0.0), value: $0.1) })
    let root = plist.array([task])
    let binary = try decoder.decode(plist.data(top: root), file: "x")
    #expect(binary[0].date == xml[0].date)
  }

  @Test("4: Foundation's sentinels written by Foundation itself are read as those dates")
  func sentinels() throws {
    let entries: [[String: Any]] = [
      ["tache": "passé", "date": Date.distantPast, "importance": "1"],
      ["tache": "futur", "date": Date.distantFuture, "importance": "1"],
    ]
    let binary = try PropertyListSerialization.data(fromPropertyList: entries, format: .binary, options: 0)
    let tasks = try decoder.decode(binary, file: "x")
    #expect(tasks.map(\.date) == [Date.distantPast, Date.distantFuture])
  }

  // MARK: 5. Declared encodings

  @Test("5: ISO-8859-1, US-ASCII and UTF-16 without a byte order mark are read")
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

  @Test("5: an encoding expat does not read is refused by name")
  func unknownEncoding() throws {
    let refused = try #require(error(Data(xmlTask("", encoding: "KOI8-R").utf8)))
    #expect(
      refused.description
        == "x.plist: is in an encoding this tool does not read (\"KOI8-R\"; it reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII)"
    )
  }

  // MARK: 6. Error messages

  /// True when `text` holds no C0 or C1 control character and no DEL.
  func isOneCleanLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test("6: a tag carrying ESC sequences reaches stderr escaped, on one line")
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

  @Test("6: an unknown element is named with its control characters escaped")
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

  @Test("6: a parse error names its real line and column")
  func realLine() throws {
    let text =
      "<?xml version=\"1.0\"?>\n<plist><array>\n" + String(repeating: "\n", count: 14) + "  <dict></array></plist>"
    #expect(error(Data(text.utf8))?.description == "x.plist: not a property list (line 17, column 11: mismatched tag)")
  }

  @Test("6: UTF-16 text broken mid-way puts no NUL in the message")
  func utf16WithoutBOM() throws {
    var data = try #require(
      "<?xml version=\"1.0\"?><plist><array><dict><oops/></dict></array></plist>".data(using: .utf16LittleEndian))
    data.append(contentsOf: [0x00, 0xD8])
    let refused = try #require(error(data))
    #expect(isOneCleanLine(refused.description))
    #expect(
      refused.description == "x.plist: not a property list (line 1, column 42: <oops> is no property list element)")
  }

  @Test("6: a 128-bit integer importance says so, in XML and binary")
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

  @Test("a whole <real> importance (5.0) reads as 5, as the README says; 5.5 does not")
  func wholeRealImportance() throws {
    let whole = xmlTask("").replacingOccurrences(of: "<string>5</string>", with: "<real>5.0</real>")
    #expect(try decoder.decode(Data(whole.utf8), file: "x")[0].importance == 5)
    let half = xmlTask("").replacingOccurrences(of: "<string>5</string>", with: "<real>5.5</real>")
    #expect(
      error(Data(half.utf8))?.description
        == "x.plist: entry 1: \"importance\" must be 1…9 (a string or an integer), got a real number")
  }

  @Test("6: invalid UTF-8 in a string says invalid UTF-8, at its line")
  func invalidUTF8() throws {
    var bytes = Array(xmlTask("<key>note</key><string>caf_</string>").utf8)
    bytes[bytes.firstIndex(of: UInt8(ascii: "_"))!] = 0xC3
    let refused = try #require(error(Data(bytes)))
    #expect(refused.description.hasPrefix("x.plist: not a property list (line 2, column "))
    #expect(refused.description.hasSuffix(": invalid UTF-8 (byte 0xC3))"))
  }

  @Test("6: a binary UTF-16 title with an unpaired surrogate says so; a pair is read")
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

  @Test("6: every message of a hostile corpus is one clean line")
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
