import Foundation
import PosttimTemplating
import Testing

/// One test case of the official Mustache spec (github.com/mustache/spec).
struct SpecCase: Sendable, CustomTestStringConvertible {
  let file: String
  let name: String
  let description: String
  let template: String
  let data: TemplateValue
  let partials: [String: String]
  let expected: String

  var testDescription: String { "\(file): \(name)" }
}

/// Locates and loads the spec's JSON files, vendored in Tests/MustacheSpec.
enum MustacheSpec {
  /// `MUSTACHE_SPEC_DIR`, else `<package root>/Tests/MustacheSpec`.
  static let directory: URL = {
    if let override = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"], !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    // #filePath is <root>/Tests/PosttimTemplatingTests/MustacheSpecTests.swift.
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("MustacheSpec", isDirectory: true)
  }()

  static func cases(_ file: String) -> [SpecCase] {
    let url = directory.appendingPathComponent(file)
    guard let data = try? Data(contentsOf: url),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let tests = root["tests"] as? [[String: Any]]
    else { return [] }
    return tests.map { test in
      SpecCase(
        file: file,
        name: test["name"] as? String ?? "?",
        description: test["desc"] as? String ?? "",
        template: test["template"] as? String ?? "",
        data: TemplateValue(json: test["data"] ?? NSNull()),
        partials: test["partials"] as? [String: String] ?? [:],
        expected: test["expected"] as? String ?? "")
    }
  }
}

/// Every case of the spec's required modules and of the optional
/// inheritance and dynamic names; not the optional lambdas module, which
/// this engine does not implement.
@Suite("Mustache spec")
struct MustacheSpecTests {
  private func run(_ spec: SpecCase) throws {
    let template = try Template(source: spec.template, name: spec.name)
    let output = try template.render(spec.data, partials: InMemoryTemplateSource(spec.partials))
    #expect(output == spec.expected, "\(spec.description)")
  }

  @Test("the spec files are all there")
  func filesPresent() {
    for file in [
      "comments.json", "delimiters.json", "interpolation.json", "inverted.json", "partials.json",
      "sections.json", "~inheritance.json", "~dynamic-names.json",
    ] {
      #expect(!MustacheSpec.cases(file).isEmpty, "\(file) missing or empty")
    }
  }

  @Test(arguments: MustacheSpec.cases("comments.json"))
  func comments(_ spec: SpecCase) throws { try run(spec) }

  @Test(arguments: MustacheSpec.cases("delimiters.json"))
  func delimiters(_ spec: SpecCase) throws { try run(spec) }

  @Test(arguments: MustacheSpec.cases("interpolation.json"))
  func interpolation(_ spec: SpecCase) throws { try run(spec) }

  @Test(arguments: MustacheSpec.cases("inverted.json"))
  func inverted(_ spec: SpecCase) throws { try run(spec) }

  @Test(arguments: MustacheSpec.cases("partials.json"))
  func partials(_ spec: SpecCase) throws { try run(spec) }

  @Test(arguments: MustacheSpec.cases("sections.json"))
  func sections(_ spec: SpecCase) throws { try run(spec) }

  @Test(arguments: MustacheSpec.cases("~inheritance.json"))
  func inheritance(_ spec: SpecCase) throws { try run(spec) }

  @Test(arguments: MustacheSpec.cases("~dynamic-names.json"))
  func dynamicNames(_ spec: SpecCase) throws { try run(spec) }
}
