import Foundation
@testable import PosttimTemplating
import TestSupport
import Testing

/// Random templates and data, each rendered over lists (always sequential)
/// and over streams (long ones in chunks on threads): the output written
/// and the error thrown must be the same, whatever the template does with
/// line starts, indentation, partials, parents and the render budget.
@Suite("Chunked rendering: random templates, streams against lists")
struct ChunkedRenderingDifferentialTests {
  /// How the data's row lists are given to the renderer.
  enum Shape { case list, stream, positional }

  /// Row counts: empty, short (rendered in place), around one chunk, several chunks.
  static let lengths = [
    0, 1, 3, 40, ChunkedRendering.chunkSize - 1, ChunkedRendering.chunkSize, ChunkedRendering.chunkSize + 1,
    ChunkedRendering.chunkSize + 7, ChunkedRendering.chunkSize * 2 + 3,
  ]

  /// A list of `items` shaped as `shape`.
  static func shaped(_ items: [TemplateValue], _ shape: Shape) -> TemplateValue {
    switch shape {
    case .list: return .list(items)
    case .stream: return .stream(TemplateStream(items))
    case .positional:
      return .stream(TemplateStream(rows: .init(count: items.count, item: { items[$0] })))
    }
  }

  /// The data of case `seed`, its row lists shaped as `shape`: the same
  /// draws for every shape. Top level: `title`, `rows`, `few` (short),
  /// `empty`, `days` (each a `title`, `rows` and `few`). A row: `n`, `name`
  /// (with characters to escape), `nl` (whether its line ends), `odd`,
  /// `sub` (a short nested list, long in one row), `deep` (true in at most one row).
  static func data(seed: UInt64, shape: Shape) -> TemplateValue {
    var random = SplitMix64(seed: seed ^ 0xDA7A)
    let errorRow =
      Bool.random(using: &random) ? Int.random(in: 0..<(ChunkedRendering.chunkSize * 2), using: &random) : -1
    let longSubRow = Bool.random(using: &random) ? Int.random(in: 0..<ChunkedRendering.chunkSize, using: &random) : -1
    var total = 0
    func rows(_ length: Int) -> TemplateValue {
      let length = total + length > 5000 ? Int.random(in: 0..<4, using: &random) : length
      total += length
      // Which rows end their line: all, none, all but every k-th, or at random.
      let pattern = Int.random(in: 0..<4, using: &random)
      let k = Int.random(in: 2...5, using: &random)
      let items = (0..<length).map { n -> TemplateValue in
        let nl: Bool
        switch pattern {
        case 0: nl = true
        case 1: nl = false
        case 2: nl = n % k != 0
        default: nl = Bool.random(using: &random)
        }
        let subCount = n == longSubRow ? ChunkedRendering.chunkSize + 2 : Int.random(in: 0..<3, using: &random)
        let sub = (0..<subCount).map { v -> TemplateValue in .object(["v": .integer(v), "nl": .bool(v % 2 == 0)]) }
        return .object([
          "n": .integer(n), "name": .string(n % 5 == 0 ? "r<\(n)>&\"'" : "r\(n)"), "nl": .bool(nl),
          "odd": .bool(n % 2 == 1), "sub": shaped(sub, shape), "deep": .bool(n == errorRow),
        ])
      }
      return shaped(items, shape)
    }
    func few() -> TemplateValue { rows(Int.random(in: 0..<6, using: &random)) }
    func long() -> TemplateValue { rows(lengths.randomElement(using: &random)!) }
    let days = (0..<Int.random(in: 0..<5, using: &random)).map { number -> TemplateValue in
      .object(["title": .string("day <\(number)>"), "rows": long(), "few": few()])
    }
    return .object([
      "title": "top & co", "rows": long(), "few": few(), "empty": shaped([], shape), "days": .list(days),
    ])
  }

  /// Draws template text: `outer` at the top and day level (sections over
  /// `rows`, `few`, `days`, partials, parents), `row` inside rows.
  struct Generator {
    var random: SplitMix64
    /// Whether the data may mark a row `deep` (a recursive partial there).
    var errors: Bool

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func pick(_ choices: [String]) -> String { choices.randomElement(using: &random)! }

    /// A section: inline, on standalone lines, or on indented standalone lines.
    mutating func section(_ sigil: String, _ name: String, _ body: String) -> String {
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return "{{\(sigil)\(name)}}\(body){{/\(name)}}"
      case 1: return "\n{{\(sigil)\(name)}}\n\(body)\n{{/\(name)}}\n"
      default:
        let indent = pick([" ", "  ", "\t"])
        return "\n\(indent){{\(sigil)\(name)}}\n\(body)\n\(indent){{/\(name)}}\n"
      }
    }

    /// A partial tag: inline, or standalone and maybe indented.
    mutating func partial(_ name: String) -> String {
      chance(0.3) ? "{{>\(name)}}" : "\n\(pick(["", " ", "  ", "    "])){{>\(name)}}\n"
    }

    /// A row's body; `sub` inside a nested `sub` row (which has no `sub` of its own to walk).
    mutating func row(depth: Int, inSub: Bool = false, partials: Bool = true) -> String {
      var text = ""
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        switch Int.random(in: 0..<14, using: &random) {
        case 0: text += pick(["{{n}}", "{{name}}", "{{{name}}}", "{{& name}}", "{{title}}", "{{v}}"])
        case 1: text += pick([" ", "|", "\n", "  x", "<b>"])
        case 2, 3: text += "{{#nl}}\n{{/nl}}"
        case 4: text += pick(["{{^nl}};{{/nl}}", "{{#nl}}.{{/nl}}"])
        case 5 where depth < 2: text += section(pick(["#", "^"]), "odd", row(depth: depth + 1, inSub: inSub))
        case 6 where depth < 2 && !inSub: text += section("#", "sub", row(depth: depth + 1, inSub: true))
        case 7 where !inSub: text += pick(["{{^sub}}none{{/sub}}", "{{sub}}"])
        case 8 where partials: text += partial("pr")
        case 9 where errors && !inSub: text += "{{#deep}}{{>loop}}{{/deep}}"
        default: text += "{{n}}"
        }
      }
      return text
    }

    /// Text at the top or a day's level: `days` only at the top (`top`).
    mutating func outer(depth: Int, top: Bool, partials: Bool = true) -> String {
      var text = ""
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        switch Int.random(in: 0..<16, using: &random) {
        case 0: text += pick(["", "text", "\n", "a\nb", "<&>", "  ", "{{title}}", "{{{title}}}\n"])
        case 1, 2, 3: text += section("#", "rows", row(depth: 0))
        case 4:
          // Streams back to back: nothing written between them.
          text += "{{#rows}}\(row(depth: 0)){{/rows}}{{#rows}}\(row(depth: 0)){{/rows}}"
        case 5: text += section("#", "few", row(depth: 0))
        case 6: text += section("^", pick(["rows", "few", "empty"]), pick(["none", "none\n", ""]))
        case 7: text += pick(["{{rows}}", "{{#empty}}x{{/empty}}"])
        case 8 where partials, 9 where partials: text += partial("pt")
        case 10 where partials && depth < 2:
          let indent = pick(["", "  "])
          let body = outer(depth: depth + 1, top: false, partials: false)
          text +=
            chance(0.5)
            ? "{{<par}}{{$b}}\(body){{/b}}{{/par}}"
            : "\n\(indent){{<par}}\n\(indent){{$b}}\n\(body)\n\(indent){{/b}}\n\(indent){{/par}}\n"
        case 11 where top && depth < 2, 12 where top && depth < 2:
          text += section("#", "days", outer(depth: depth + 1, top: false, partials: partials))
        case 13 where top:
          // Sections of sections: each day's rows right after the last day's.
          text += "{{#days}}{{#rows}}\(row(depth: 0)){{/rows}}{{/days}}"
        default: text += section("#", "rows", row(depth: 0))
        }
      }
      return text
    }

    /// The parent: a block, maybe indented, and maybe a stream of its own.
    mutating func parent() -> String {
      let indent = pick(["", "  ", "\t"])
      let block = "{{$b}}\(pick(["default", "", "d\n"])){{/b}}"
      let rows = chance(0.5) ? section("#", "rows", row(depth: 1, partials: false)) : ""
      return pick(["", "<\n", "<"]) + (chance(0.5) ? "\(indent)\(block)\n" : block) + rows + pick(["", ">\n", ">"])
    }
  }

  /// One random case: its template and partials, and where its budget
  /// stops the rendering, all from `seed`.
  struct Case {
    let template: String
    let partials: [String: String]
    /// The budget as a share of the work the rendering takes (nil: the default budget).
    let budgetShare: Double?
    let positional: Bool

    init(seed: UInt64) {
      var generator = Generator(random: SplitMix64(seed: seed), errors: false)
      generator.errors = generator.chance(0.3)
      template = generator.outer(depth: 0, top: true)
      partials = [
        "pt": generator.outer(depth: 1, top: false, partials: false),
        // Without `sub`: inside a `sub` item it would walk the row's again.
        "pr": generator.row(depth: 1, inSub: true, partials: false),
        "par": generator.parent(),
        "loop": "{{>loop}}",
      ]
      // Anywhere in the rendering, or in its last few hundred units (the text after the last stream).
      budgetShare =
        generator.chance(0.4)
        ? (generator.chance(0.5)
          ? Double.random(in: 0..<1, using: &generator.random) : Double.random(in: 0.97..<1, using: &generator.random))
        : nil
      positional = generator.chance(0.5)
    }
  }

  /// The units of work rendering `template` over `context` takes, sequentially and unbounded.
  static func work(_ template: Template, _ context: TemplateValue, partials: [String: String]) -> Int {
    var renderer = TemplateRenderer(
      context: context, partials: InMemoryTemplateSource(partials), escape: HTMLEscaping.escape,
      budget: RenderBudget(units: .max), templateName: template.name)
    var output = ""
    do { try renderer.render(template, into: &output) } catch {}
    return renderer.totalWork
  }

  /// What rendering writes before it stops, and its error's description.
  static func render(
    _ template: Template, _ context: TemplateValue, partials: [String: String], budget: RenderBudget?
  ) -> (output: String, error: String?) {
    var output = ""
    do {
      try template.render(context, partials: InMemoryTemplateSource(partials), budget: budget, into: &output)
      return (output, nil)
    } catch { return (output, error.description) }
  }

  @Test("a random template renders the same over streams as over lists", arguments: 0..<100)
  func streamsMatchLists(number: Int) throws {
    let seed = UInt64(number) &* 0x9E37_79B9 &+ 0x5EED
    let testCase = Case(seed: seed)
    let template = try Template(source: testCase.template, name: "t")
    let lists = Self.data(seed: seed, shape: .list)
    let budget = testCase.budgetShare.map {
      RenderBudget(units: Int($0 * Double(Self.work(template, lists, partials: testCase.partials))))
    }
    let list = Self.render(template, lists, partials: testCase.partials, budget: budget)
    let stream = Self.render(
      template, Self.data(seed: seed, shape: testCase.positional ? .positional : .stream),
      partials: testCase.partials, budget: budget)
    let common = zip(list.output.utf8, stream.output.utf8).prefix { $0 == $1 }.count
    let description = """
      seed \(seed), budget \(budget.map(\.description) ?? "default"): template \(String(reflecting: testCase.template)) \
      partials \(testCase.partials); outputs agree on \(common) bytes (list \(list.output.utf8.count), \
      stream \(stream.output.utf8.count)); list error \(list.error ?? "none")
      """
    #expect(stream.error == list.error, "\(description)")
    // The known fault (`budgetRunsOutAfterStream`): text after a stream is
    // written past the point where the budget stops the sequential rendering.
    let writesPastBudget =
      budget != nil && list.error?.contains("more work than its budget") == true && stream.error == list.error
      && stream.output.utf8.count > list.output.utf8.count && stream.output.hasPrefix(list.output)
    withKnownIssue("text after a stream is written past the budget", isIntermittent: true) {
      #expect(stream.output == list.output, "\(description)")
    } matching: { _ in
      writesPastBudget
    }
  }

  @Test("the generated cases hold every feature the differential test is for")
  func generatorCoverage() {
    let cases = (0..<100).map { number in Case(seed: UInt64(number) &* 0x9E37_79B9 &+ 0x5EED) }
    let sources = cases.map { ([$0.template] + $0.partials.values).joined(separator: "\u{0}") }
    func count(_ piece: String) -> Int { sources.filter { $0.contains(piece) }.count }
    #expect(count("{{/rows}}{{#rows}}") >= 10)  // streams back to back
    #expect(count("{{#days}}{{#rows}}") >= 10)  // sections of sections
    #expect(count("{{#few}}") >= 10)  // short streams
    #expect(count("{{#nl}}\n{{/nl}}") >= 50)  // line ends depending on the data
    #expect(count("\n  {{>pt}}\n") >= 5)  // indented partials holding streams
    #expect(count("{{>pr}}") >= 20)
    #expect(count("  {{<par}}\n") >= 3 && count("{{$b}}") >= 20)  // indented parents and blocks
    #expect(count("{{^") >= 30 && count("{{{") >= 10 && count("{{#sub}}") >= 30)
    #expect(count("{{#deep}}{{>loop}}{{/deep}}") >= 5)
    #expect(cases.filter { $0.budgetShare != nil }.count >= 25)
    #expect(cases.filter(\.positional).count >= 25 && cases.filter { !$0.positional }.count >= 25)
  }

  @Test("the budget running out in the text after a long stream stops the output where the sequential one stops")
  func budgetRunsOutAfterStream() throws {
    // 1025 rows (one chunk and one row); the budget is one unit short of
    // the rendering's, so the sequential rendering writes every row and
    // stops at "after\n", its last write.
    let template = try Template(source: "{{#rows}}{{n}}\n{{/rows}}after\n", name: "t")
    let items = (0..<(ChunkedRendering.chunkSize + 1)).map { n -> TemplateValue in ["n": .integer(n)] }
    let units = Self.work(template, ["rows": .list(items)], partials: [:]) - 1
    let budget = RenderBudget(units: units)
    let list = Self.render(template, ["rows": .list(items)], partials: [:], budget: budget)
    let stream = Self.render(template, ["rows": .stream(TemplateStream(items))], partials: [:], budget: budget)
    #expect(list.output == (0...ChunkedRendering.chunkSize).map { "\($0)\n" }.joined())
    #expect(list.error?.hasPrefix("t: rendering takes more work than its budget (\(units) units)") == true)
    #expect(stream.error == list.error)
    withKnownIssue("text after a stream is written past the budget: the stream's output ends with \"after\\n\"") {
      #expect(stream.output == list.output)
    }
  }

  @Test("the budget running out after a long stream is the error, not an error the template meets later")
  func budgetErrorAfterStreamComesFirst() throws {
    // The budget holds the rows and three units more: the sequential
    // rendering stops at "after\n" with the budget's error, before the
    // recursive partial.
    let template = try Template(source: "{{#rows}}{{n}}\n{{/rows}}after\n{{>loop}}", name: "t")
    let items = (0..<(ChunkedRendering.chunkSize + 1)).map { n -> TemplateValue in ["n": .integer(n)] }
    let rowsOnly = try Template(source: "{{#rows}}{{n}}\n{{/rows}}", name: "t")
    let budget = RenderBudget(units: Self.work(rowsOnly, ["rows": .list(items)], partials: [:]) + 3)
    let partials = ["loop": "{{>loop}}"]
    let list = Self.render(template, ["rows": .list(items)], partials: partials, budget: budget)
    let stream = Self.render(template, ["rows": .stream(TemplateStream(items))], partials: partials, budget: budget)
    #expect(list.error?.hasPrefix("t: rendering takes more work than its budget (\(budget.units) units)") == true)
    #expect(list.output == (0...ChunkedRendering.chunkSize).map { "\($0)\n" }.joined())
    #expect(stream.error == list.error)
    withKnownIssue("text after a stream is written past the budget: the stream's output ends with \"after\\n\"") {
      #expect(stream.output == list.output)
    }
  }
}
