import Foundation
import PosttimReport
import Testing

/// What a task's values may be: a key once per dictionary, dates in the
/// proleptic Gregorian calendar whatever the encoding, importance as a
/// string, an integer or a whole real.
@Suite("Task values: duplicate keys, proleptic dates, importance forms")
struct TaskValueRuleTests: DecodesSampleLists {
  // MARK: Duplicate keys

  @Test("a key given twice is refused in XML, naming the entry and the key")
  func duplicateXML() throws {
    // "urgent" hidden by a later "5" (Foundation keeps the last, which hides the bad one).
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

  @Test("a key given twice is refused in binary, naming the entry and the key")
  func duplicateBinary() throws {
    let refused = try #require(error(BinaryPlistBuilder.taskWithDuplicate("importance")))
    #expect(refused.description == "x.plist: entry 1: \"importance\" is given twice in the entry (duplicate key)")
  }

  // MARK: Dates

  /// Seconds since 1970 from Python's proleptic `datetime(…, tzinfo=utc).timestamp()`.
  @Test(
    "XML dates are proleptic Gregorian and agree with binary seconds",
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

  @Test("Foundation's sentinels written by Foundation itself are read as those dates")
  func sentinels() throws {
    let entries: [[String: Any]] = [
      ["tache": "passé", "date": Date.distantPast, "importance": "1"],
      ["tache": "futur", "date": Date.distantFuture, "importance": "1"],
    ]
    let binary = try PropertyListSerialization.data(fromPropertyList: entries, format: .binary, options: 0)
    let tasks = try decoder.decode(binary, file: "x")
    #expect(tasks.map(\.date) == [Date.distantPast, Date.distantFuture])
  }

  @Test("a whole <real> importance (5.0, 1e0) reads as that integer, as the README says; 5.5 does not")
  func wholeRealImportance() throws {
    func withImportance(_ element: String) -> Data {
      Data(xmlTask("").replacingOccurrences(of: "<string>5</string>", with: element).utf8)
    }
    #expect(try decoder.decode(withImportance("<real>5.0</real>"), file: "x")[0].importance == 5)
    #expect(try decoder.decode(withImportance("<real>1e0</real>"), file: "x")[0].importance == 1)
    #expect(
      error(withImportance("<real>5.5</real>"))?.description
        == "x.plist: entry 1: \"importance\" must be 1…9 (a string, an integer, or a whole real number), got 5.5")
    #expect(
      error(withImportance("<real>1e20</real>"))?.description
        == "x.plist: entry 1: \"importance\" must be 1…9 (a string, an integer, or a whole real number), got 1e20")
    #expect(
      error(withImportance("<real>10.0</real>"))?.description
        == "x.plist: entry 1: \"importance\" must be 1…9, got 10.0")
    #expect(
      error(withImportance("<true/>"))?.description
        == "x.plist: entry 1: \"importance\" must be 1…9 (a string, an integer, or a whole real number), got a boolean")
  }
}
