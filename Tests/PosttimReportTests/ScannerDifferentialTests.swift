import Foundation
import Testing
import TestSupport

@testable import PosttimReport

/// `PlistXMLScanner` reads the common XML subset in front of expat and gives
/// up on anything else. Differential test: whenever it reads a document,
/// expat must read the same document to the same tasks, value for value;
/// where it gives up, the expat path decides (and its messages are the ones
/// users see). Run on every XML plist at hand, generated lists, hostile
/// inputs, targeted edge cases and thousands of random mutations.
@Suite("Differential: the XML scanner against expat")
struct ScannerDifferentialTests {
  enum Outcome: Equatable {
    case tasks([TaskEntry])
    case refused
    case gaveUp
  }

  static func scanner(_ data: Data) -> Outcome {
    data.withUnsafeBytes { raw in
      let reader = XMLPlistReader(file: "t.plist")
      return PlistXMLScanner.scan(raw.bindMemory(to: UInt8.self), into: reader) ? .tasks(reader.tasks) : .gaveUp
    }
  }

  /// The scanner reading `data` from a file through a window of `window`
  /// bytes (so every token meets window edges somewhere in a long list).
  static func windowed(_ data: Data, window: Int) throws -> Outcome {
    let url = FileManager.default.temporaryDirectory.appending(path: "scanner-\(UUID().uuidString).plist")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY)
    defer { close(descriptor) }
    let reader = XMLPlistReader(file: "t.plist")
    return PlistXMLScanner.scan(descriptor: descriptor, range: 0..<data.count, window: window, into: reader)
      ? .tasks(reader.tasks) : .gaveUp
  }

  static func expat(_ data: Data) -> Outcome {
    data.withUnsafeBytes { raw in
      let reader = XMLPlistReader(file: "t.plist")
      do throws(TaskListError) {
        try reader.parse(raw, final: true)
        return .tasks(reader.tasks)
      } catch {
        return .refused
      }
    }
  }

  /// Checks the property on `data`; returns whether the scanner read it.
  @discardableResult
  static func check(_ name: String, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let fast = scanner(data)
    guard fast != .gaveUp else { return false }
    let slow = expat(data)
    #expect(fast == slow, "\(name): the scanner read \(fast), expat \(slow)", sourceLocation: sourceLocation)
    return true
  }

  static func xmlFiles() -> [URL] {
    let root = TestPaths.packageRoot
    var folders = ["Examples", "Tests/Fixtures", "Scripts/fuzz/seeds/decoder"].map { root.appending(path: $0) }
    if let shared = TestPaths.shared { folders.append(shared.appending(path: "reference")) }
    return folders.flatMap(DifferentialReaderTests.files(in:)).filter {
      (try? Data(contentsOf: $0).starts(with: Data("bplist".utf8))) == false
    }
  }

  @Test("every XML plist at hand; the app's own files take the fast path")
  func corpus() throws {
    let urls = Self.xmlFiles()
    #expect(urls.count >= 3)
    for url in urls { Self.check(url.lastPathComponent, try Data(contentsOf: url)) }
    let example = TestPaths.packageRoot.appending(path: "Examples/listeDesTaches.plist")
    #expect(Self.scanner(try Data(contentsOf: example)) == Self.expat(try Data(contentsOf: example)))
    if let shared = TestPaths.shared {
      let reference = shared.appending(path: "reference/listeDesTaches.plist")
      #expect(Self.check("reference", try Data(contentsOf: reference)), "the app's file must take the fast path")
    }
  }

  @Test("through small windows: the same tasks as from the whole buffer", arguments: [1_100, 1_333, 4_096])
  func windows(window: Int) throws {
    var documents = try Self.xmlFiles().map { try Data(contentsOf: $0) }
    for seed: UInt64 in [1, 2] {
      let list = DifferentialReaderTests.generated(seed: seed, count: 300)
      documents.append(try PropertyListSerialization.data(fromPropertyList: list, format: .xml, options: 0))
    }
    var read = 0
    for data in documents {
      let whole = Self.scanner(data)
      let through = try Self.windowed(data, window: window)
      #expect(through == whole, "window \(window): \(through) against \(whole) from the whole buffer")
      if case .tasks = through { read += 1 }
    }
    #expect(read >= 4)
    // Text and references cut by window edges in every possible place.
    let text = String(repeating: "é&amp;日&#x1F600;a\u{10FFFF}&lt;", count: 400)
    let long = Self.task("<string>\(text)</string>")
    #expect(try Self.windowed(long, window: window) == Self.expat(long))
    #expect(Self.scanner(long) == Self.expat(long))
  }

  @Test("lists written by Foundation take the fast path and read the same", arguments: [1, 2, 3])
  func generated(seed: UInt64) throws {
    let list = DifferentialReaderTests.generated(seed: seed, count: 300)
    let data = try PropertyListSerialization.data(fromPropertyList: list, format: .xml, options: 0)
    #expect(Self.check("generated-\(seed)", data), "Foundation's XML must take the fast path")
  }

  /// One task around `fields`, as DifferentialReaderTests writes it.
  static func task(_ text: String) -> Data {
    DifferentialReaderTests.xmlTask("<key>importance</key><string>5</string><key>description</key>" + text)
  }

  @Test(
    "edge cases: read the same, or left to expat",
    arguments: [
      "<string>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</string>", "<string>&#65;&#x42;&#x1F600;</string>",
      "<string>&#0;</string>", "<string>&#xD800;</string>", "<string>&#xFFFE;</string>", "<string>&#13;</string>",
      "<string>&#9;&#10;</string>", "<string>&#;</string>", "<string>&#x;</string>", "<string>&#1114112;</string>",
      "<string>&nbsp;</string>", "<string>&amp</string>", "<string>a]]>b</string>", "<string>a>b</string>",
      "<string>a\rb</string>", "<string>a\r\nb</string>", "<string>\u{1}</string>", "<string>\u{7F}\u{85}</string>",
      "<string>\u{FFFD}\u{10FFFF}\u{E000}</string>", "<string/>", "<string />", "<string></string >",
      "<string><!-- c --></string>", "<string><![CDATA[x]]></string>", "<string><?pi x?></string>",
      "<string>a</strin>", "<string>a</string", "<string>a", "<string><b>x</b></string>",
      "<string a=\"1\">x</string>", "<String>x</String>", "<string>x</string><key>k</key>",
      "<string>\u{2028}\u{202E}</string>", "<string>\t \n</string>", "<dict/>", "<array/>",
      // Element names are matched as one word of their bytes.
      "<string\u{0}>x</string>", "<stringg>x</stringg>", "<strin>x</strin>", "<integers>5</integers>",
      "<integer>5</integer>", "<real>1.5</real>", "<true/>", "<false/>", "<data>AAEC</data>",
      "<date>2026-11-30T13:00:00Z</date>", "<dat>x</dat>", "<datex>x</datex>", "<Key>k</Key>",
      // A value's end tag is matched as one word with its `>`.
      "<string>x</stringx>", "<string>x</strinG>", "<string>x</string\u{0}>", "<string>x</ string>",
      "<string>x</data>", "<integer>5</integer >", "<integer>5</integers>", "<integer>5</integer/>",
      "<date>2026-11-30T13:00:00Z</dat>", "<date>2026-11-30T13:00:00Z</datee>", "<string>日本 é—</string>",
      "<string>\u{FFFF}</string>", "<string>a\tb\nc</string>", "<string>abcdefgh&amp;</string>",
      "<string>abcdefghi<</string>",
      // A tag's name is read as one word up to its `>` when it can be.
      "<string >x</string>", "<string>x</string\u{0}\u{0}>", "<data\u{0}>AAEC</data>", "<real>1</real\u{0}>",
      "<string>x</string/>", "<array></array >", "<dict ></dict>",
    ])
  func edgeCases(text: String) {
    Self.check(text, Self.task(text))
  }

  @Test("entities, character references and non-ASCII text take the fast path")
  func fastPathTaken() {
    for text in [
      "<string>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</string>", "<string>&#65;&#x42;&#x1F600;</string>",
      "<string>\u{FFFD}\u{10FFFF}\u{E000}é日本</string>", "<string/>",
    ] {
      #expect(Self.check(text, Self.task(text)), "\(text)")
    }
  }

  @Test("encoded edge cases: malformed UTF-8 and noncharacters are left to expat")
  func bytes() {
    let sequences: [[UInt8]] = [
      [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xC3], [0xE2, 0x82], [0xC3, 0xA9],
      [0xF0, 0x9F, 0x8E, 0x89], [0xEF, 0xB7, 0x90], [0x00], [0x0B], [0x0C],
    ]
    for sequence in sequences {
      var inline = Self.task("<string>aXb</string>")
      let marker = inline.range(of: Data("aXb".utf8))!
      inline.replaceSubrange(marker, with: Data("a".utf8) + Data(sequence) + Data("b".utf8))
      Self.check("inline \(sequence)", inline)
    }
  }

  @Test("prologs: declarations, byte order mark, DOCTYPE, trailing content")
  func prologs() {
    let body =
      "<plist version=\"1.0\"><array><dict><key>tache</key><string>t</string><key>date</key>"
      + "<date>2026-12-01T00:00:00Z</date><key>importance</key><string>5</string></dict></array></plist>"
    let doctype =
      "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
    let prologs = [
      "", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(doctype)\n",
      "\u{FEFF}<?xml version=\"1.0\"?>", "<?xml version=\"1.1\"?>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>",
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "<!DOCTYPE plist [<!ENTITY a \"b\">]>",
      "\(doctype)\n\(doctype)",
      "<!-- c -->", "  \n", "x", "<?xml version='1.0' encoding='UTF-8'?>",
    ]
    var fast = 0
    for prolog in prologs {
      for tail in ["", "\n", " x", "<!-- c -->", "<plist/>", "\r\n"] {
        if Self.check("\(prolog)|\(tail)", Data((prolog + body + tail).utf8)) { fast += 1 }
      }
    }
    #expect(fast >= 10)
  }

  @Test("random mutations of the example list", arguments: [11, 12, 13, 14])
  func mutations(seed: UInt64) throws {
    let example = try Data(contentsOf: TestPaths.packageRoot.appending(path: "Examples/listeDesTaches.plist"))
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    let pieces = ["<", ">", "&", ";", "/", "\"", "]]>", "&#", "<!--", "<key>", "</dict>", "<dict>", " ", "\r", "\u{0}"]
      .map { Data($0.utf8) }
    var read = 0
    for _ in 0..<600 {
      var data = example
      for _ in 0..<(1 + next(3)) {
        let at = next(data.count)
        switch next(4) {
        case 0: data[at] = UInt8(next(256))
        case 1: data.remove(at: at)
        case 2: data.insert(contentsOf: pieces[next(pieces.count)], at: at)
        default:
          let length = min(next(40), data.count - at)
          let copy = data.subdata(in: at..<(at + length))
          data.insert(contentsOf: copy, at: next(data.count))
        }
      }
      if Self.check("mutation", data) { read += 1 }
      let through = try Self.windowed(data, window: 1_100)
      if through != .gaveUp { #expect(through == Self.expat(data), "mutation through a window") }
    }
    // Some mutations land in text and stay readable: the property was exercised.
    #expect(read > 15)
  }

  @Test("every element's name, read as a word, names it; the four task keys are read as the shared constants")
  func nameWords() {
    for element in XMLPlistReader.Element.allCases {
      let word = element.name.utf8.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
      #expect(PlistXMLScanner.element(named: word) == element, "\(element.name)")
      #expect(PlistXMLScanner.word(naming: element) == word, "\(element.name)")
    }
    let keys = [
      TaskListDecoder.Key.title, TaskListDecoder.Key.date, TaskListDecoder.Key.importance, TaskListDecoder.Key.details,
    ]
    for key in keys + ["dat", "Date", "tachee", "descriptiom", ""] {
      let known = Array(key.utf8).withUnsafeBufferPointer(TaskListDecoder.Key.known)
      #expect(known == (keys.contains(key) ? key : nil), "\(key)")
    }
  }

  @Test("a word's run stops are exactly the bytes that end a plain run, in every position")
  func runStops() {
    let plain = Array("abcdefgh".utf8)
    for position in 0..<8 {
      for value in 0...255 {
        var bytes = plain
        bytes[position] = UInt8(value)
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let stops = value < 0x20 || value >= 0x80 || [0x3C, 0x3E, 0x26].contains(value)
        let expected: UInt64 = stops ? 0x80 << UInt64(8 * position) : 0
        #expect(PlistXMLScanner.runStops(word) == expected, "byte \(value) at \(position)")
        #expect(PlistXMLScanner.stopsPlainRun(word) == stops, "byte \(value) at \(position)")
      }
    }
    // Several stops: each is marked, and the lowest is the first.
    let word = Array("a<b\u{7F}&\té>".utf8).prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    // Stops at "<", "&", the tab and both bytes of "é"; "a", "b" and DEL are plain.
    #expect(PlistXMLScanner.runStops(word) == 0x8080_8080_0000_8000)
  }
}
