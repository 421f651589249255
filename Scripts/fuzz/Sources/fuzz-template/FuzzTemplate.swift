import Foundation
import FuzzDriver
import PosttimTemplating

/// Target (b): Template(source:name:) + render. The input is split at NUL
/// bytes into up to three templates, "main", "a" and "b", all reachable as
/// partials/parents (so recursion and inheritance get exercised). Contract:
/// parse and render succeed or throw TemplateError, within a 2 s budget
/// and 64 MiB of output; past either the harness aborts (a finding).
let context: TemplateValue = [
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
]

struct BudgetedOutput: TextOutputStream {
  let deadline: ContinuousClock.Instant
  var bytes = 0
  var writes = 0
  mutating func write(_ string: String) {
    bytes += string.utf8.count
    writes += 1
    if bytes > 64 << 20 { fatalError("render budget: output over 64 MiB") }
    if writes & 0x3FF == 0, ContinuousClock.now > deadline { fatalError("render budget: over 2 s") }
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
  let start = ContinuousClock.now
  do {
    let template = try Template(source: parts.first ?? "", name: "main")
    _ = template.includedNames
    var output = BudgetedOutput(deadline: start + .seconds(2))
    try template.render(context, partials: partials, into: &output)
  } catch {
    _ = error.description
  }
  if ContinuousClock.now - start > .seconds(2) { fatalError("render budget: over 2 s") }
  return 0
}

@_cdecl("fuzz_template_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}
