import Foundation
import FuzzDriver
import PosttimTemplating
import PosttimTestOracles

/// Target (b): Template(source:name:) + render. The input is split at NUL
/// bytes into up to three templates, "main", "a" and "b", all reachable as
/// partials/parents (so recursion and inheritance get exercised). Contract:
/// parse and render succeed or throw TemplateError (the render budget's,
/// among others, for a template that multiplies work), within 2 s of CPU time and
/// 64 MiB of output; past either the harness aborts (a finding).
///
/// Differential: `rows` holds a full chunk and three items more, so a
/// template that walks it renders through the rendering pipeline (a
/// chunk, then one that continues it, on other threads; RenderPipeline);
/// the same template is rendered again with `rows` as a plain list, always
/// sequential. Both must write the same text and throw the same error, if
/// any (past the render budget: both must fail); a difference aborts (a
/// finding). Each row has an empty `rows` of its own, so `{{#rows}}`
/// inside a row does not walk the long list again (nested walks would
/// take n² time and only find the budget).
let rows: [TemplateValue] = (0..<(TemplateChunking.chunkSize + 3)).map { n in
  [
    "n": .integer(n), "odd": .bool(n % 2 == 1), "name": .string(n % 7 == 0 ? "<\(n)>\n" : "r\(n)"),
    "rows": .list([]),
  ]
}

func context(rows: TemplateValue) -> TemplateValue {
  [
    "title": "Réunion <b>&</b>",
    "empty": "",
    "zero": 0,
    "pi": 3.14159,
    "yes": true,
    "no": false,
    "nothing": nil,
    "name": "a",
    "tasks": [
      ["tache": "one", "importance": 1, "tags": ["x", "y"]],
      ["tache": "two", "importance": 9, "tags": []],
    ],
    "nested": ["a": ["b": ["c": "deep"]]],
    "rows": rows,
  ]
}

/// The process's CPU time: a budget in work, not in wall time, so that a
/// loaded machine does not turn a slow scheduler into a finding.
func cpuTime() -> Duration {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
}

struct BudgetedOutput: TextOutputStream {
  let deadline: Duration
  var bytes = 0
  var writes = 0
  var text = ""
  mutating func write(_ string: String) {
    bytes += string.utf8.count
    writes += 1
    text += string
    if bytes > 64 << 20 { fatalError("render budget: output over 64 MiB") }
    if writes & 0x3FF == 0, cpuTime() > deadline { fatalError("render budget: over 2 s of CPU") }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let parts = fuzzInput(data, size).split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  let names = ["main", "a", "b"]
  var sources: [String: String] = [:]
  for (name, text) in zip(names, parts) { sources[name] = text }
  let partials = InMemoryTemplateSource(sources)
  let start = cpuTime()
  let template: Template
  do {
    template = try Template(source: parts.first ?? "", name: "main")
  } catch {
    _ = error.description
    return 0
  }
  _ = template.includedNames
  // The text written and the error thrown, if any: on an error too, the
  // pipeline writes what the sequential rendering writes.
  func render(_ rows: TemplateValue) -> (text: String, error: TemplateError?) {
    var output = BudgetedOutput(deadline: cpuTime() + .seconds(2))
    do throws(TemplateError) {
      try template.render(context(rows: rows), partials: partials, into: &output)
      return (output.text, nil)
    } catch {
      _ = error.description
      return (output.text, error)
    }
  }
  let streamed = render(.stream(TemplateStream(rows)))
  let middle = cpuTime()
  let listed = render(.list(rows))
  // Past the render budget, both fail; which error comes first and the
  // text before it may depend on how the chunks were scheduled.
  let overBudget = [streamed.error, listed.error].contains {
    $0?.message.hasPrefix("rendering takes more work") == true
  }
  if overBudget
    ? (streamed.error == nil || listed.error == nil) : (streamed.text != listed.text || streamed.error != listed.error)
  {
    fatalError("stream and list rendered differently: \(streamed) against \(listed)")
  }
  if middle - start > .seconds(2) || cpuTime() - middle > .seconds(2) {
    fatalError("render budget: a rendering over 2 s of CPU")
  }
  return 0
}

@_cdecl("fuzz_template_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}
