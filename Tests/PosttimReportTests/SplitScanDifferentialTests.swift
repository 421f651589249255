import Foundation
import PosttimParallel
import Testing
import TestSupport

@testable import PosttimReport

/// `SplitPlistScan` reads a long XML list in several parts at once.
/// Whenever it gives tasks, expat must read the whole document to the same
/// tasks, value for value (entry numbers included); where expat refuses,
/// the split must give nil so that the whole-file path reports the error.
@Suite(
  "Differential: the XML list read in parts against expat",
  .enabled(if: Parallel.width > 1, "the halves are read at once only on a machine with 2 cores or more"))
struct SplitScanDifferentialTests {
  typealias Outcome = ScannerDifferentialTests.Outcome

  /// `data` read from a file in `parts` parts (nil: the split declined).
  static func split(_ data: Data, parts: Int = 2) throws -> [TaskEntry]? {
    let url = FileManager.default.temporaryDirectory.appending(path: "split-\(UUID().uuidString).plist")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY)
    defer { close(descriptor) }
    return SplitPlistScan.tasks(
      descriptor: descriptor, size: data.count, file: "t.plist", minimumSize: 0, parts: parts)
  }

  /// Checks the property on `data`; returns whether the split read it.
  @discardableResult
  static func check(
    _ name: String, _ data: Data, parts: Int = 2, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Bool {
    guard let tasks = try split(data, parts: parts) else { return false }
    let whole = ScannerDifferentialTests.expat(data)
    #expect(
      Outcome.tasks(tasks) == whole, "\(name): \(parts) parts read \(tasks.count) tasks, expat \(whole)",
      sourceLocation: sourceLocation)
    return true
  }

  @Test(
    "lists written by Foundation are cut, and read the same as whole",
    arguments: [(1, 2), (2, 2), (3, 3), (4, 5), (5, 8)] as [(UInt64, Int)])
  func generated(seed: UInt64, parts: Int) throws {
    let list = DifferentialReaderTests.generated(seed: seed, count: 300)
    let data = try PropertyListSerialization.data(fromPropertyList: list, format: .xml, options: 0)
    #expect(try Self.check("generated-\(seed)", data, parts: parts), "Foundation's XML must be cut")
    // Each part's entries are numbered after those before it.
    let tasks = try #require(try Self.split(data, parts: parts))
    #expect(tasks.map(\.origin.entry) == Array(1...300))
  }

  @Test("cuts fall before entries at even distances; one found again from the next start is left out")
  func cutsAtEvenDistances() throws {
    let entry = "\n\t<dict><key>tache</key><string>t</string></dict>"
    let text = "<plist><array>" + String(repeating: entry, count: 20) + "\n</array></plist>\n"
    let url = FileManager.default.temporaryDirectory.appending(path: "cuts-\(UUID().uuidString).plist")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY)
    defer { close(descriptor) }
    let size = text.utf8.count
    let starts = (0..<20).map { 14 + entry.utf8.count * $0 + 2 }  // each "<dict>"
    // A cut is the first "<dict>" whose line break is at or after the start.
    let four = SplitPlistScan.cuts(descriptor: descriptor, size: size, parts: 4)
    #expect(four == [0] + [1, 2, 3].map { part in starts.first { $0 - 2 >= size * part / 4 }! } + [size])
    // 40 parts, two for each entry: every entry after the first is found twice, and kept once.
    #expect(SplitPlistScan.cuts(descriptor: descriptor, size: size, parts: 40) == [0] + starts.dropFirst() + [size])
  }

  @Test("the example list is cut, and read the same as whole")
  func example() throws {
    let data = try Data(contentsOf: TestPaths.packageRoot.appending(path: "Examples/listeDesTaches.plist"))
    #expect(try Self.check("example", data))
  }

  @Test("a cut that falls inside an entry: declined, and the file still reads whole")
  func nestedCut() throws {
    // The only "\n\t<dict>" after the middle opens a dictionary inside a task.
    let task =
      "<dict><key>tache</key><string>t</string><key>date</key><date>2026-12-01T00:00:00Z</date>"
      + "<key>importance</key><string>5</string>"
    let padding = String(repeating: task + "</dict>", count: 40)
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>" + padding
      + task + "<key>extra</key>\n\t<dict><key>k</key><string>v</string></dict></dict></array></plist>\n"
    let data = Data(text.utf8)
    #expect(try Self.split(data) == nil)
    let url = FileManager.default.temporaryDirectory.appending(path: "nested-\(UUID().uuidString).plist")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let tasks = try TaskListLoader().load(url.path)
    #expect(tasks.count == 41)
    #expect(tasks.last?.extraFields["extra"] == .dictionary(["k": .string("v")]))
  }

  @Test("a part is read only when it ends with exactly <plist><array> open")
  func partEnds() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>\n\t<dict>"
      + "<key>tache</key><string>t</string><key>date</key><date>2026-12-01T00:00:00Z</date>"
      + "<key>importance</key><string>5</string><key>l</key><array><string>x</string></array></dict>\n</array></plist>\n"
    let data = Data(text.utf8)
    let url = FileManager.default.temporaryDirectory.appending(path: "part-\(UUID().uuidString).plist")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY)
    defer { close(descriptor) }
    func part(_ end: String) -> Bool {
      let cut = text.utf8.count - text.split(separator: end, omittingEmptySubsequences: false).last!.utf8.count
      return PlistXMLScanner.scan(
        descriptor: descriptor, range: 0..<cut, open: [], openAtEnd: [.plist, .array],
        into: XMLPlistReader(file: "t.plist"))
    }
    #expect(part("</dict>\n"))  // between entries
    #expect(!part("<string>x</string>"))  // inside the task's own array
    #expect(!part("<key>tache</key>"))  // inside the task
  }

  @Test(
    "random mutations of a generated list, most of them near a cut",
    arguments: [(21, 2), (22, 2), (23, 3), (24, 5)] as [(UInt64, Int)])
  func mutations(seed: UInt64, parts: Int) throws {
    let list = DifferentialReaderTests.generated(seed: seed, count: 40)
    let original = try PropertyListSerialization.data(fromPropertyList: list, format: .xml, options: 0)
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    let pieces = ["<", ">", "&", "</dict>", "<dict>", "\n\t<dict>", "</array>", "<!--", "-->", "<![CDATA[", "\r"]
      .map { Data($0.utf8) }
    var read = 0
    var refusedWhole = 0
    for _ in 0..<300 {
      var data = original
      for _ in 0..<(1 + next(2)) {
        // Three mutations in four within 400 bytes of a cut.
        let cut = data.count * (1 + next(parts - 1)) / parts
        let at = next(4) == 0 ? next(data.count) : max(0, min(data.count - 1, cut - 200 + next(400)))
        switch next(3) {
        case 0: data[at] = UInt8(next(256))
        case 1: data.remove(at: at)
        default: data.insert(contentsOf: pieces[next(pieces.count)], at: at)
        }
      }
      if try Self.check("mutation", data, parts: parts) { read += 1 }
      if ScannerDifferentialTests.expat(data) == .refused {
        refusedWhole += 1
        #expect(try Self.split(data, parts: parts) == nil, "a document expat refuses must not be read in parts")
      }
    }
    // Both sides were exercised: documents read in halves, and refused ones.
    #expect(read >= 5)
    #expect(refusedWhole > 30)
  }
}
