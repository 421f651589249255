import Foundation
import PosttimParallel
@testable import PosttimTemplating
import Testing

/// Long stream sections render a chunk per core (`ChunkedRendering`); the
/// output must be the sequential one byte for byte, whatever the template
/// does with line starts and indentation.
@Suite("Chunked rendering of long streams")
struct ChunkedRenderingTests {
  /// More items than a few chunks per core, and not a multiple of the chunk size.
  static let count = ChunkedRendering.chunkSize * Parallel.width * 2 + 37

  static func items() -> [TemplateValue] {
    (0..<count).map { n -> TemplateValue in
      .object(["n": .integer(n), "name": .string("row <\(n)>"), "odd": .bool(n % 2 == 1), "third": .bool(n % 3 == 0)])
    }
  }

  /// Renders `template` over the items as a list (always sequential) and as
  /// a stream (chunked), with `partials`.
  func both(_ template: String, partials: [String: String] = [:]) throws -> (list: String, stream: String) {
    let source = InMemoryTemplateSource(partials)
    let parsed = try Template(source: template, name: "t")
    let items = Self.items()
    let list = try parsed.render(["rows": .list(items)], partials: source)
    let stream = try parsed.render(["rows": .stream(TemplateStream(items))], partials: source)
    return (list, stream)
  }

  @Test("a stream interpolated as a value gives the list's text")
  func interpolatedStream() throws {
    let template = try Template(source: "[{{rows}}] [{{{rows}}}] {{#rows}}{{.}}{{/rows}}", name: "t")
    let numbers: [TemplateValue] = [1, "<2>", 3.5]
    let expected = "[1,&lt;2&gt;,3.5] [1,<2>,3.5] 1&lt;2&gt;3.5"
    #expect(try template.render(["rows": .list(numbers)]) == expected)
    #expect(try template.render(["rows": .stream(TemplateStream(numbers))]) == expected)
    let (list, stream) = try both("{{rows}}")
    #expect(stream == list && list == String(repeating: ",", count: Self.count - 1))
  }

  @Test("rows in order, each once")
  func order() throws {
    let (list, stream) = try both("{{#rows}}{{n}}:{{name}}\n{{/rows}}")
    #expect(stream == list)
    let lines = stream.split(separator: "\n")
    #expect(lines.count == Self.count)
    #expect(lines.first == "0:row &lt;0&gt;")
    #expect(lines.last == "\(Self.count - 1):row &lt;\(Self.count - 1)&gt;")
  }

  @Test("an indented partial whose rows end a line only sometimes: the guessed line start is corrected")
  func lineStartsDiffer() throws {
    // Rows divisible by 3 end without a newline, so the next row does not
    // start a line and must not be indented; a chunk's guess is wrong there.
    let (list, stream) = try both(
      "<ol>\n  {{>row}}\n</ol>\n", partials: ["row": "{{#rows}}{{n}}{{^third}}\n{{/third}}{{/rows}}"])
    #expect(stream == list)
    #expect(stream.hasPrefix("<ol>\n  01\n  2\n  34\n  5\n  67\n"))
  }

  @Test("a standalone partial per row, with sections and inverted sections")
  func standalonePartials() throws {
    let (list, stream) = try both(
      "<ul>\n{{#rows}}\n  {{>item}}\n{{/rows}}\n</ul>\n",
      partials: ["item": "<li>{{#odd}}odd {{/odd}}{{^odd}}even {{/odd}}{{name}}</li>\n"])
    #expect(stream == list)
    #expect(stream.hasPrefix("<ul>\n  <li>even row &lt;0&gt;</li>\n  <li>odd row &lt;1&gt;</li>\n"))
  }

  @Test(
    "an error in a late row is thrown, the same as sequentially, before one the template meets after the rows",
    arguments: ["", "{{>later-loop}}"])
  func errorInLateRow(after: String) throws {
    // A recursive partial only in the fifth row from the end; with `after`,
    // another one once the rows are handed over, while their chunks render.
    let template = try Template(source: "{{#rows}}{{#deep}}{{>loop}}{{/deep}}{{n}}\n{{/rows}}" + after, name: "t")
    let rows = (0..<Self.count).map { n -> TemplateValue in
      .object(["n": .integer(n), "deep": .bool(n == Self.count - 5)])
    }
    let source = InMemoryTemplateSource(["loop": "{{>loop}}", "later-loop": "{{>later-loop}}"])
    func error(_ rows: TemplateValue) -> TemplateError? {
      do {
        _ = try template.render(["rows": rows], partials: source)
        return nil
      } catch { return error }
    }
    let sequential = try #require(error(.list(rows)))
    #expect(sequential.message == "partials nested more than 200 levels deep (recursive 'loop'?)")
    #expect(error(.stream(TemplateStream(rows))) == sequential)
  }

  /// What rendering writes to a streaming output before it throws, and the error.
  static func outputAndError(
    _ source: String, _ context: TemplateValue, partials: [String: String]
  ) throws -> (output: String, error: TemplateError?) {
    let template = try Template(source: source, name: "t")
    var output = ""
    do {
      try template.render(context, partials: InMemoryTemplateSource(partials), into: &output)
      return (output, nil)
    } catch { return (output, error) }
  }

  @Test(
    "on an error, the output is the sequential one: the rows before the failing one, nothing after",
    arguments: [
      // Indentation after the rows: the renderer drains the chunks to learn the line start.
      "<ol>\n  {{>p}}\n</ol>\n",
      // Over a MiB written behind the chunks: the renderer drains them.
      "{{#rows}}{{#deep}}{{>loop}}{{/deep}}{{n}}\n{{/rows}}{{big}}AFTER\n",
    ])
  func outputOnError(source: String) throws {
    let rows = (0..<Self.count).map { n -> TemplateValue in
      .object(["n": .integer(n), "deep": .bool(n == Self.count - 5)])
    }
    let partials = ["loop": "{{>loop}}", "p": "{{#rows}}{{#deep}}{{>loop}}{{/deep}}{{n}}\n{{/rows}}AFTER\n"]
    let big = TemplateValue.string(String(repeating: "x", count: RenderPipeline.deferredLimit + 10))
    let list = try Self.outputAndError(source, ["rows": .list(rows), "big": big], partials: partials)
    let stream = try Self.outputAndError(
      source, ["rows": .stream(TemplateStream(rows)), "big": big], partials: partials)
    #expect(list.error != nil && stream.error == list.error)
    #expect(stream.output == list.output)
    #expect(!stream.output.contains("AFTER") && stream.output.hasSuffix("\(Self.count - 6)\n"))
  }

  @Test("chunks: chunkSize items each, the last one the rest, in order, then nil")
  func chunks() {
    var iterator = (0..<Self.count).makeIterator()
    var sizes: [Int] = []
    var seen: [Int] = []
    while let chunk = ChunkedRendering.nextChunk(&iterator) {
      sizes.append(chunk.count)
      seen += chunk
    }
    #expect(seen == Array(0..<Self.count))
    let full = Self.count / ChunkedRendering.chunkSize
    #expect(
      sizes == Array(repeating: ChunkedRendering.chunkSize, count: full) + [Self.count % ChunkedRendering.chunkSize])
  }

  @Test("write(chunksOf:): every chunk's text in order, on threads or not")
  func writeChunks() {
    for count in [
      0, 5, ChunkedRendering.chunkSize, Self.count, RenderPipeline.window * ChunkedRendering.chunkSize * 3 + 1,
    ] {
      var items = (0..<count).makeIterator()
      var output = "<"
      ChunkedRendering.write(
        chunksOf: &items,
        { chunk in
          var text = TextBuffer()
          for n in chunk { text.write("\(n),") }
          return text
        }, to: &output)
      #expect(output == "<" + (0..<count).map { "\($0)," }.joined())
    }
  }

  @Test("a stream right after another, in an indented partial: its first chunk's line start is the last row's")
  func streamAfterStream() throws {
    // Nothing is written between the two streams, and the first one's last
    // row ends without a line break: the second one's first row is not
    // indented, though it would be at the first stream's start.
    func sections(_ streams: Bool) -> TemplateValue {
      .list(
        [ChunkedRendering.chunkSize + 3, ChunkedRendering.chunkSize + 6].map { length -> TemplateValue in
          let rows = (0..<length).map { n -> TemplateValue in .object(["n": .integer(n), "third": .bool(n % 3 == 0)]) }
          return .object(["rows": streams ? .stream(TemplateStream(rows)) : .list(rows)])
        })
    }
    let template = try Template(source: "<ol>\n  {{>days}}\n</ol>\n", name: "t")
    let partials = InMemoryTemplateSource([
      "days": "{{#sections}}{{#rows}}{{n}}{{^third}}\n{{/third}}{{/rows}}{{/sections}}"
    ])
    let list = try template.render(["sections": sections(false)], partials: partials)
    #expect(try template.render(["sections": sections(true)], partials: partials) == list)
    #expect(list.contains("\n  1025\n  102601\n  2\n  34\n"))
  }

  @Test("streams after streams, with text between and after: the sequential output")
  func manyStreams() throws {
    // Sections of several lengths, each a stream of rows, as a report's days are.
    let lengths = [
      ChunkedRendering.chunkSize * 3 + 5, 3, 0, ChunkedRendering.chunkSize, 1, ChunkedRendering.chunkSize * 7,
    ]
    func sections(_ streams: Bool) -> TemplateValue {
      .list(
        lengths.enumerated().map { number, length -> TemplateValue in
          let rows = (0..<length).map { n -> TemplateValue in .object(["n": .integer(n), "odd": .bool(n % 2 == 1)]) }
          return .object([
            "title": .string("day <\(number)>"), "rows": streams ? .stream(TemplateStream(rows)) : .list(rows),
          ])
        })
    }
    let template = try Template(
      source:
        "{{#sections}}\n## {{title}}\n{{#rows}}\n{{n}}{{#odd}} odd{{/odd}}\n{{/rows}}\nend {{title}}\n{{/sections}}\nfooter\n",
      name: "t")
    let list = try template.render(["sections": sections(false)])
    #expect(try template.render(["sections": sections(true)]) == list)
    #expect(list.hasPrefix("## day &lt;0&gt;\n0\n1 odd\n2\n"))
    #expect(list.hasSuffix("\(ChunkedRendering.chunkSize * 7 - 1) odd\nend day &lt;5&gt;\nfooter\n"))
  }

  @Test("after a stream, an indented line waits for the stream's last line start; so does a left-aligned block")
  func lineStartAfterStream() throws {
    // The rows end without a line break, so the text after them does not
    // start a line: the indented partial's next line must not be indented
    // until a line break comes.
    let partials = InMemoryTemplateSource([
      "row": "{{#rows}}{{n}};{{/rows}}after\nnext\n",
      "parent": "<\n  {{$slot}}default{{/slot}}\n>\n",
    ])
    func render(_ source: String, _ rows: TemplateValue) throws -> String {
      try Template(source: source, name: "t").render(["rows": rows], partials: partials)
    }
    for source in [
      "<ol>\n  {{>row}}\n</ol>\n", "{{<parent}}{{$slot}}{{#rows}}{{n}}{{/rows}}\nx\ny{{/slot}}{{/parent}}\n",
    ] {
      let items = Self.items()
      let list = try render(source, .list(items))
      #expect(try render(source, .stream(TemplateStream(items))) == list)
    }
    #expect(try render("<ol>\n  {{>row}}\n</ol>\n", .list(Self.items())).hasSuffix(";after\n  next\n</ol>\n"))
  }

  /// Takes rendered chunks as bytes, and counts them.
  struct ByteOutput: UTF8TextOutputStream {
    var bytes: [UInt8] = []
    var byteWrites = 0
    var stringBytes = 0
    mutating func write(_ string: String) {
      bytes += Array(string.utf8)
      stringBytes += string.utf8.count
    }
    mutating func write(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes += bytes
      byteWrites += 1
    }
  }

  @Test("an output that takes bytes gets each chunk's bytes as they are: the same text")
  func byteOutput() throws {
    let template = try Template(source: "<{{#rows}}{{n}} {{name}} é–😀\n{{/rows}}>", name: "t")
    let items = Self.items()
    let expected = try template.render(["rows": .list(items)], partials: InMemoryTemplateSource([:]))
    var output = ByteOutput()
    try template.render(
      ["rows": .stream(TemplateStream(items))], partials: InMemoryTemplateSource([:]), into: &output)
    #expect(String(decoding: output.bytes, as: UTF8.self) == expected)
    // Every chunk of rows is written as bytes, no string made of it: only
    // "<" (and ">", when no chunk was pending) come as strings.
    #expect(output.byteWrites >= (Self.count + ChunkedRendering.chunkSize - 1) / ChunkedRendering.chunkSize)
    #expect(output.stringBytes <= 2)
    #expect(expected.hasSuffix("é–😀\n>"))
  }

  @Test("a text buffer written to a string output: the same text")
  func bufferToString() {
    var buffer = TextBuffer()
    for piece in ["", "a", "é–😀", String(repeating: "x", count: 100)] { buffer.write(piece) }
    var text = "start:"
    buffer.write(to: &text)
    #expect(text == "start:aé–😀" + String(repeating: "x", count: 100))
    // A copy shares nothing: writing to it leaves the original as it was.
    var copy = buffer
    copy.write("!")
    #expect(copy.text == buffer.text + "!")
    #expect(buffer.text == "aé–😀" + String(repeating: "x", count: 100))
    // Growing past the first capacity keeps every byte.
    var small = TextBuffer(capacity: 1)
    for _ in 0..<1000 { small.write("ab😀") }
    #expect(small.text == String(repeating: "ab😀", count: 1000))
    // A buffer written to itself, growing as it does: the bytes are copied
    // before the old storage is freed.
    var doubled = TextBuffer(capacity: 16)
    doubled.write("0123456789abcdef")
    doubled.write(doubled.bytes)
    #expect(doubled.text == "0123456789abcdef0123456789abcdef")
  }
}

@Suite("Unshared template copies")
struct UnsharedNodesTests {
  @Test("a copy renders as its original, every kind of node, and shares no text storage with it")
  func copyRendersTheSame() throws {
    let long = String(repeating: "<li style=\"padding:4px 0;\">", count: 3)
    let source =
      long + "{{name}} {{{raw}}} {{#list}}[{{.}}]{{/list}}{{^none}}none{{/none}}\n"
      + "  {{>item}}\n{{>*which}}{{<parent}}{{$slot}}over {{name}}{{/slot}}{{/parent}}\n{{$free}}default{{/free}}\n"
    let template = try Template(source: source, name: "t")
    let partials = InMemoryTemplateSource([
      "item": "item {{name}}\nline two\n", "dyn": "dynamic", "parent": "<{{$slot}}base{{/slot}}>",
    ])
    let context: TemplateValue = [
      "name": "a & b", "raw": "<raw>", "list": .list([1, 2]), "which": "dyn",
    ]
    let copy = template.unshared
    #expect(try copy.render(context, partials: partials) == template.render(context, partials: partials))
    #expect(
      try copy.render(context, partials: partials).hasPrefix(
        long + "a &amp; b <raw> [1][2]none\n  item a &amp; b\n  line two\n"))
    guard case .text(let original) = template.nodes[0], case .text(let copied) = copy.nodes[0] else {
      Issue.record("the template does not start with text")
      return
    }
    #expect(copied == original)
    let address = { (text: String) in text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } }
    #expect(address(copied) != nil && address(copied) != address(original))
  }
}
