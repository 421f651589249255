import Foundation
import PosttimReport
import PosttimTestOracles
import Testing
import TestSupport

/// Runs this project's readers (``TaskListDecoder``) and Foundation's
/// (``FoundationTaskListDecoder`` in the test oracles, an independent one) on every
/// plist at hand: they must agree value for value, or both refuse with the
/// same exit status; where they differ on purpose, the difference is
/// listed and asserted (Foundation lenient, ours strict or correct).
@Suite("Differential: own readers against Foundation's")
struct DifferentialReaderTests {
  enum Outcome: Equatable, CustomStringConvertible {
    case tasks([TaskEntry])
    /// The exit status the CLI gives the error (sysexits: 66 or 65).
    case refused(Int32, String)

    var description: String {
      switch self {
      case .tasks(let tasks): return "\(tasks.count) tasks"
      case .refused(let status, let message): return "exit \(status): \(message)"
      }
    }

    static func == (a: Outcome, b: Outcome) -> Bool {
      switch (a, b) {
      case (.tasks(let x), .tasks(let y)): return x == y
      case (.refused(let x, _), .refused(let y, _)): return x == y
      default: return false
      }
    }
  }

  /// What is expected where the readers differ on purpose.
  enum Difference {
    /// Foundation accepts; ours refuses with this message (after the file name).
    case oursRefuses(String)
    /// Foundation refuses; ours reads the file.
    case foundationRefuses
    /// Both read it, with different values (ours being the correct ones).
    case valuesDiffer
    /// Foundation would expand shared references without end: it is not
    /// run; ours refuses with this message.
    case foundationHangs(String)
  }

  static func outcome(_ decode: () throws(TaskListError) -> [TaskEntry]) -> Outcome {
    do {
      return .tasks(try decode())
    } catch {
      return .refused(error.kind == .notFound ? 66 : 65, error.description)
    }
  }

  /// Compares both readers on `data`, or checks the listed difference.
  static func compare(
    _ name: String, _ data: Data, expecting difference: Difference? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var ours = outcome { () throws(TaskListError) in try TaskListDecoder().decode(data, file: name) }
    if case .tasks(let tasks) = ours { ours = .tasks(tasks.map(foundationView)) }
    if case .foundationHangs(let message)? = difference {
      #expect(ours == .refused(65, ""), "\(name)", sourceLocation: sourceLocation)
      if case .refused(_, let text) = ours { #expect(text == "\(name): \(message)", sourceLocation: sourceLocation) }
      return
    }
    let theirs = outcome { () throws(TaskListError) in try FoundationTaskListDecoder().decode(data, file: name) }
    switch difference {
    case nil:
      #expect(ours == theirs, "\(name): ours \(ours), Foundation's \(theirs)", sourceLocation: sourceLocation)
      if case .tasks(let a) = ours, case .tasks(let b) = theirs, a.count == b.count,
        let i = a.indices.first(where: { a[$0] != b[$0] })
      {
        Issue.record("\(name) first difference: \(a[i]) vs \(b[i])")
      }
    case .oursRefuses(let message)?:
      guard case .tasks = theirs else {
        Issue.record("\(name): Foundation refused: \(theirs)", sourceLocation: sourceLocation); return
      }
      #expect(ours == .refused(65, ""), "\(name)", sourceLocation: sourceLocation)
      if case .refused(_, let text) = ours { #expect(text == "\(name): \(message)", sourceLocation: sourceLocation) }
    case .foundationRefuses?:
      guard case .tasks = ours else {
        Issue.record("\(name): ours refused: \(ours)", sourceLocation: sourceLocation); return
      }
      #expect(theirs == .refused(65, ""), "\(name): \(theirs)", sourceLocation: sourceLocation)
    case .foundationHangs?: break
    case .valuesDiffer?:
      guard case .tasks(let a) = ours, case .tasks(let b) = theirs else {
        Issue.record("\(name): ours \(ours), Foundation's \(theirs)", sourceLocation: sourceLocation)
        return
      }
      #expect(a != b, "\(name)", sourceLocation: sourceLocation)
    }
  }

  /// Files whose readings differ on purpose, by file name.
  static let deliberate: [String: Difference] = [
    // An <integer> beyond 64 bits under an unknown key: Foundation's
    // decoder has no type for it; ours keeps it as the nearest real.
    "xml-types.plist": .foundationRefuses,
    // Foundation keeps the last of two keys, hiding the invalid first one.
    "bin-duplicate-key.bplist": .oursRefuses("entry 1: \"importance\" must be 1…9, got \"urgent\""),
    // Shared references: 2^40 expansions; 6,000 × 4 KB from a 12 KB file.
    "bin-shared-chain-40.bplist": .foundationHangs(overBudget),
    "bin-amplified.bplist": .oursRefuses(overBudget),
  ]

  static let overBudget =
    "expands through shared references to more than 64 times its size; not a task list this tool reads"

  /// A task as Foundation's path shows it: it decodes unknown values by
  /// trying Int before Double, so a whole real (`<real>3</real>`, or 3.0
  /// in binary) comes back as an integer. Ours keeps the type written.
  static func foundationView(_ task: TaskEntry) -> TaskEntry {
    func view(_ value: PropertyListValue) -> PropertyListValue {
      switch value {
      case .real(let number) where number.rounded() == number && abs(number) < 9.2e18: return .integer(Int(number))
      case .array(let items): return .array(items.map(view))
      case .dictionary(let items): return .dictionary(items.mapValues(view))
      default: return value
      }
    }
    var copy = task
    copy.extraFields = task.extraFields.mapValues(view)
    return copy
  }

  static func files(in folder: URL) -> [URL] {
    ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
      .filter { ["plist", "bplist"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
  }

  @Test("the examples, the test fixtures and the decoder's fuzz seeds")
  func corpus() throws {
    let root = TestPaths.packageRoot
    let folders = ["Examples", "Tests/Fixtures", "Scripts/fuzz/seeds/decoder"].map { root.appending(path: $0) }
    let urls = folders.flatMap(Self.files(in:))
    #expect(urls.count > 30)
    for url in urls {
      Self.compare(url.lastPathComponent, try Data(contentsOf: url), expecting: Self.deliberate[url.lastPathComponent])
    }
  }

  @Test(
    "the app's reference lists (../shared/reference)",
    .enabled(if: TestPaths.shared != nil, Comment(rawValue: TestPaths.sharedMissing)))
  func reference() throws {
    let urls = Self.files(in: try #require(TestPaths.shared).appending(path: "reference"))
    #expect(!urls.isEmpty)
    for url in urls { Self.compare(url.lastPathComponent, try Data(contentsOf: url)) }
  }

  /// A list of every property list type, written by Foundation itself.
  static func generated(seed: UInt64, count: Int) -> [[String: Any]] {
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let words = ["", "a", "Réunion d'équipe", "emoji 🎉", "tab\there", "<&>\"'", "日本語", "line\nbreak", "\u{202E}rtl"]
    return (0..<count).map { index in
      var entry: [String: Any] = [
        "tache": words[Int(next() % UInt64(words.count))] + String(index),
        // Whole seconds between 1601 and 2400: XML dates have no fractions.
        "date": Date(timeIntervalSince1970: Double(Int64(next() % 25_000_000_000)) - 11_600_000_000),
        "importance": next() % 2 == 0 ? String(next() % 9 + 1) as Any : Int(next() % 9 + 1) as Any,
      ]
      if next() % 2 == 0 { entry["description"] = words[Int(next() % UInt64(words.count))] }
      switch next() % 6 {
      case 0: entry["n"] = Int(Int64(bitPattern: next() << 31 ^ next()))
      case 1: entry["r"] = Double(next()) / 7
      case 2: entry["b"] = next() % 2 == 0
      case 3: entry["d"] = Data((0..<Int(next() % 20)).map { _ in UInt8(next() & 0xFF) })
      case 4: entry["l"] = [1, "deux", ["trois": 3.5]] as [Any]
      default: entry["dict"] = ["when": Date(timeIntervalSince1970: 0), "empty": [String: Any]()] as [String: Any]
      }
      return entry
    }
  }

  @Test("generated lists, XML and binary, written by Foundation", arguments: [1, 2, 3])
  func generatedLists(seed: UInt64) throws {
    let list = Self.generated(seed: seed, count: 200)
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
      let data = try PropertyListSerialization.data(fromPropertyList: list, format: format, options: 0)
      Self.compare("generated-\(seed)-\(format == .xml ? "xml" : "binary")", data)
    }
  }

  /// The app's XML around the contents of one task dictionary.
  static func xmlTask(_ fields: String, date: String = "2026-12-01T00:00:00Z", encoding: String = "UTF-8") -> Data {
    Data(
      ("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<plist version=\"1.0\"><array><dict>"
        + "<key>tache</key><string>t</string><key>date</key><date>\(date)</date>\(fields)</dict></array></plist>").utf8)
  }

  @Test("hand-made edge inputs: agreements, and each deliberate difference asserted")
  func hostile() throws {
    let five = "<key>importance</key><string>5</string>"
    Self.compare(
      "duplicate.plist", Self.xmlTask(five + "<key>importance</key><string>7</string>"),
      expecting: .oursRefuses("entry 1: \"importance\" is given twice in the entry (duplicate key)"))
    Self.compare(
      "duplicate.bplist", BinaryPlistBuilder.taskWithDuplicate("importance"),
      expecting: .oursRefuses("entry 1: \"importance\" is given twice in the entry (duplicate key)"))
    // Foundation reads XML dates before 1582-10-15 as Julian; ours, proleptic Gregorian.
    Self.compare("julian.plist", Self.xmlTask(five, date: "1000-01-01T00:00:00Z"), expecting: .valuesDiffer)
    Self.compare("gregorian.plist", Self.xmlTask(five, date: "1582-10-15T00:00:00Z"))
    // Foundation's PropertyListDecoder knows no ISO-8859-1 declaration.
    Self.compare("latin1.plist", Self.xmlTask(five, encoding: "ISO-8859-1"), expecting: .foundationRefuses)
    // Both refuse: a rolled-over date, a 128-bit importance.
    Self.compare("rollover.plist", Self.xmlTask(five, date: "2026-13-45T99:00:00Z"))
    Self.compare("big.plist", Self.xmlTask("<key>importance</key><integer>1180591620717411303424</integer>"))
    // Foundation ignores what follows </plist>; ours reads the whole file.
    Self.compare(
      "utf8.plist", Self.xmlTask(five) + Data([0xC3]),
      expecting: .oursRefuses(
        "not a property list (line 2, column 179: the file ends inside a character (invalid UTF-8))"))
    // Shared references both read the same (small enough for Foundation).
    var shared = BinaryPlistBuilder()
    var chain = shared.string("x")
    for _ in 0..<6 { chain = shared.array([chain, chain]) }
    let small = shared.task(extra: [("extra", chain)])
    let list = shared.array(Array(repeating: small, count: 100))
    Self.compare("shared.bplist", shared.data(top: list))
  }
}
