import Foundation
import PosttimParallel
import Synchronization
import Testing

@testable import PosttimTemplating

/// A stream whose items are made by position (`TemplateStream(rows:)`):
/// its long sections are cut into the same chunks as an iterator's, and
/// each chunk makes its own rows on the thread that renders it. The text,
/// the errors and the budget's count must be the list's, at every length.
@Suite("Streams made by position")
struct PositionalStreamTests {
  /// Empty, short (rendered in place), one chunk exactly, and several
  /// chunks per core with a short last one.
  static let counts = [
    0, 1, 37, ChunkedRendering.chunkSize, ChunkedRendering.chunkSize + 1,
    ChunkedRendering.chunkSize * Parallel.width * 2 + 37,
  ]

  static let keys = TemplateKeys(["n", "name", "odd", "third", "list"])

  static func row(_ n: Int) -> TemplateValue {
    .lazyObject(TemplateObject(keys: keys) { value(n, $0) })
  }

  /// Row `n`'s member at `position`.
  static func value(_ n: Int, _ position: Int) -> TemplateValue {
    switch position {
    case 0: return .integer(n)
    case 1: return .string("row <\(n)> & 'x'")
    case 2: return .bool(n % 2 == 1)
    case 3: return .bool(n % 3 == 0)
    default: return .list(n % 7 == 0 ? [.integer(n)] : [])
    }
  }

  /// A row object moved from row to row (``TemplateStream/Rows/cursor``);
  /// each thread's renderer moves its own.
  final class MovingRow: TemplateMembers, @unchecked Sendable {
    var n = 0
    func member(at position: Int) -> TemplateValue { PositionalStreamTests.value(n, position) }
    func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool { false }
  }

  /// Counts the rows made, on every thread.
  final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  static func positional(_ count: Int, made: Counter? = nil, cursor: Bool = false) -> TemplateStream {
    let moving: @Sendable () -> TemplateStream.Rows.Cursor = {
      let row = MovingRow()
      return TemplateStream.Rows.Cursor(item: .lazyObject(TemplateObject(keys: keys, members: row))) { row.n = $0 }
    }
    return TemplateStream(
      rows: .init(
        count: count,
        item: { n in
          made?.add()
          return row(n)
        },
        cursor: cursor ? moving : nil))
  }

  static func render(
    _ source: String, rows: TemplateValue, partials: [String: String] = [:], budget: RenderBudget? = nil
  ) -> (output: String, error: TemplateError?) {
    var output = ""
    do {
      let template = try Template(source: source, name: "t")
      try template.render(
        ["rows": rows, "label": "a & b"], partials: InMemoryTemplateSource(partials), budget: budget, into: &output)
      return (output, nil)
    } catch { return (output, error as? TemplateError) }
  }

  static let bodies: [(String, [String: String])] = [
    ("{{#rows}}{{n}}:{{name}} {{label}}\n{{/rows}}", [:]),
    ("<ol>\n{{#rows}}\n  {{>row}}\n{{/rows}}\n</ol>\n", ["row": "<li>{{#odd}}odd {{/odd}}{{{name}}}</li>\n"]),
    // Rows that end a line only sometimes: chunks guess the line start wrong.
    ("<ol>\n  {{>rows}}\n</ol>\n", ["rows": "{{#rows}}{{n}}{{^third}}\n{{/third}}{{/rows}}"]),
    // A list inside some rows: those rows take the tree walk.
    ("{{#rows}}{{n}}{{#list}}[{{.}}]{{/list}},{{/rows}}", [:]),
    ("{{^rows}}none{{/rows}}{{#rows}}{{#odd}}{{.}}{{/odd}}{{/rows}}|{{rows}}", [:]),
  ]

  @Test("the list's text for every body and length", arguments: Array(0..<bodies.count))
  func sameText(body: Int) {
    let (source, partials) = Self.bodies[body]
    for count in Self.counts {
      let items = (0..<count).map(Self.row)
      let list = Self.render(source, rows: .list(items), partials: partials)
      let positional = Self.render(source, rows: .stream(Self.positional(count)), partials: partials)
      let moved = Self.render(source, rows: .stream(Self.positional(count, cursor: true)), partials: partials)
      #expect(list.error == nil)
      #expect(positional.output == list.output, "body \(body), \(count) rows")
      #expect(positional.error == nil)
      #expect(moved.output == list.output, "body \(body), \(count) rows, one row object moved")
      #expect(moved.error == nil)
    }
  }

  @Test(
    "a budget the rows run out of: the list's text and error, wherever it runs out",
    arguments: [200, 3_000, 40_000, 90_000])
  func budget(units: Int) {
    let source = "{{#rows}}{{n}}{{#odd}}{{>row}}{{/odd}}{{^odd}}-{{/odd}}\n{{/rows}}"
    let partials = ["row": "<{{name}}{{#third}}!{{/third}}>"]
    for count in Self.counts {
      let items = (0..<count).map(Self.row)
      let list = Self.render(source, rows: .list(items), partials: partials, budget: RenderBudget(units: units))
      let positional = Self.render(
        source, rows: .stream(Self.positional(count)), partials: partials, budget: RenderBudget(units: units))
      #expect(positional.error == list.error, "\(units) units, \(count) rows")
      #expect(positional.output == list.output, "\(units) units, \(count) rows")
      let moved = Self.render(
        source, rows: .stream(Self.positional(count, cursor: true)), partials: partials,
        budget: RenderBudget(units: units))
      #expect(moved.error == list.error, "\(units) units, \(count) rows, one row object moved")
      #expect(moved.output == list.output, "\(units) units, \(count) rows, one row object moved")
    }
  }

  @Test("walked as a sequence: every item once, in order")
  func sequence() {
    let made = Counter()
    let stream = Self.positional(1_100, made: made)
    let names = stream.map { $0["n"].map(\.renderedText) ?? "" }
    #expect(names == (0..<1_100).map(String.init))
    #expect(made.value == 1_100)
    #expect(Array(Self.positional(0)).isEmpty)
  }

  @Test("a long section with its own budget makes each row once, where its chunks guessed the line start right")
  func rowsMadeOnce() {
    // (The default budget walks the context's streams first, and a chunk
    // that guessed the line start wrong is rendered again: rows made again.)
    let count = ChunkedRendering.chunkSize * 3 + 5
    let made = Counter()
    let result = Self.render(
      "<ol>\n{{#rows}}{{n}}\n{{/rows}}", rows: .stream(Self.positional(count, made: made)),
      budget: RenderBudget(units: .max))
    #expect(result.error == nil)
    #expect(result.output == "<ol>\n" + (0..<count).map { "\($0)\n" }.joined())
    #expect(made.value == count)
  }

  @Test("with a cursor, a long section's chunks move one row object instead of making a row each")
  func cursorMakesNoRows() {
    let count = ChunkedRendering.chunkSize * 3 + 5
    let made = Counter()
    let result = Self.render(
      "<ol>\n{{#rows}}{{n}}{{#list}}[{{.}}]{{/list}}\n{{/rows}}",
      rows: .stream(Self.positional(count, made: made, cursor: true)), budget: RenderBudget(units: .max))
    #expect(result.error == nil)
    #expect(result.output == "<ol>\n" + (0..<count).map { $0 % 7 == 0 ? "\($0)[\($0)]\n" : "\($0)\n" }.joined())
    #expect(made.value == 0)
  }
}
