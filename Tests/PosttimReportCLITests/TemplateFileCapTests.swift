import Foundation
import Testing
import TestSupport

/// Templates and catalogs are small by nature: one over the cap (1 MiB) is
/// refused by its size before it is read (78 naming the file and the cap),
/// and parsing those within it is charged against a memory limit first (71
/// naming the file), never ended by a failed allocation: an 80 MB template
/// or a 60 MB catalog aborted under `ulimit -v 300000` (134), a 1 MiB
/// template dense with tags under `ulimit -v 150000`.
@Suite(
  "Template and catalog size cap", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct TemplateFileCapTests {
  static let capRefusal = "is larger than 1 MiB, the cap for a template or catalog"

  @Test("--template of 1 MiB + 1 byte and of 80 MB under ulimit -v 300000: 78 naming the file and the cap")
  func templateOverTheCap() throws {
    let folder = try Folder()
    defer { folder.remove() }
    for (name, size) in [("plus1.mustache", (1 << 20) + 1), ("big.mustache", 80_000_000)] {
      let template = try folder.file(name, tags: size)
      let result = try folder.run(limit: 300_000, ["--template", template])
      #expect(result.status == 78, "\(name): \(result.stderr.prefix(300))")
      #expect(result.stderr == "posttim-report: error: \(template): \(Self.capRefusal)\n")
      try folder.expectOldOutput()
    }
  }

  @Test("a partial and a catalog of --template-dir over the cap: 78 naming the file, for reports and --list-locales")
  func folderFilesOverTheCap() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let partial = try folder.file("partials/markdown/huge.mustache", tags: 80_000_000)
    var result = try folder.run(limit: 300_000, ["--template-dir", folder.url.appending(path: "partials").path])
    #expect(result.status == 78, "\(result.stderr.prefix(300))")
    #expect(result.stderr == "posttim-report: error: \(partial): \(Self.capRefusal)\n")
    try folder.expectOldOutput()
    let catalog = try folder.file("catalogs/messages/fr.json", catalogOf: 60_000_000)
    let catalogs = folder.url.appending(path: "catalogs").path
    for arguments in [["--template-dir", catalogs, "-l", "fr"], ["--list-locales", "--template-dir", catalogs]] {
      result = try folder.run(limit: 300_000, arguments, report: arguments[0] != "--list-locales")
      #expect(result.status == 78, "\(arguments[0]): \(result.stderr.prefix(300))")
      #expect(result.stderr == "posttim-report: error: \(catalog): \(Self.capRefusal)\n")
      #expect(result.stdout.isEmpty)
      try folder.expectOldOutput()
    }
  }

  @Test("1 MiB - 1 byte dense with tags under ulimit -v 150000: 71 naming it; 400000: the report")
  func templateWithinTheCapUnderATightLimit() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let template = try folder.file("tags.mustache", tags: (1 << 20) - 1)
    let partial = try folder.file("partials/markdown/agenda.mustache", tags: (1 << 20) - 1)
    for (arguments, file) in [
      (["--template", template], template),
      (["--template-dir", folder.url.appending(path: "partials").path], partial),
    ] {
      let result = try folder.run(limit: 150_000, arguments)
      #expect(result.status == 71, "\(arguments[0]): \(result.stderr.prefix(300))")
      #expect(result.stderr == Self.memoryRefusal(file, limit: 150_000, left: result.stderr))
      try folder.expectOldOutput()
      let enough = try folder.run(limit: 400_000, arguments)
      #expect(enough.status == 0, "\(arguments[0]): \(enough.stderr.prefix(300))")
      #expect(try String(contentsOf: folder.output, encoding: .utf8) == "")
      try folder.restoreOldOutput()
    }
  }

  @Test("a catalog of 1 MiB - 1 byte of short messages under ulimit -v 150000: 71 naming it, for --list-locales too")
  func catalogWithinTheCapUnderATightLimit() throws {
    let folder = try Folder()
    defer { folder.remove() }
    let catalog = try folder.file("catalogs/messages/fr.json", catalogOf: (1 << 20) - 1)
    let catalogs = folder.url.appending(path: "catalogs").path
    for arguments in [["--template-dir", catalogs, "-l", "fr"], ["--list-locales", "--template-dir", catalogs]] {
      let listing = arguments[0] == "--list-locales"
      let result = try folder.run(limit: 150_000, arguments, report: !listing)
      #expect(result.status == 71, "\(arguments[0]): \(result.stderr.prefix(300))")
      #expect(result.stderr == Self.memoryRefusal(catalog, limit: 150_000, left: result.stderr))
      try folder.expectOldOutput()
      let enough = try folder.run(limit: 400_000, arguments, report: !listing)
      #expect(enough.status == 0, "\(arguments[0]): \(enough.stderr.prefix(300))")
      if listing { #expect(enough.stdout.contains("\nfr ")) }
      try folder.restoreOldOutput()
    }
  }

  /// The refusal of a 1 MiB - 1 byte file at `path` (1023 KiB, 95 MiB
  /// needed), with the MiB left that `stderr` gives.
  static func memoryRefusal(_ path: String, limit: Int, left stderr: String) -> String {
    "posttim-report: error: '\(path)': not enough memory to parse this template or catalog (1023 KiB): it needs "
      + "about 95 MiB, and the limit of \(limit) KiB (ulimit -v) leaves \(MemoryAndThreadLimitTests.leftText(stderr)) "
      + "MiB; raise the limit\n"
  }

  /// A temporary folder with a 20-task list and an old output.
  struct Folder {
    let url: URL
    let input: URL
    let output: URL
    static let oldOutput = "the old report\n"

    init() throws {
      url = try temporaryFolder()
      input = url.appending(path: "t20.plist")
      output = url.appending(path: "out.md")
      try StaleTemporaryFileTests.bigList(20).write(to: input, atomically: false, encoding: .utf8)
      try restoreOldOutput()
    }

    func restoreOldOutput() throws { try Self.oldOutput.write(to: output, atomically: false, encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// A template of `size` bytes of `{{a}}` tags (then `x`s), at `relative`.
    func file(_ relative: String, tags size: Int) throws -> String {
      let text = String(repeating: "{{a}}", count: size / 5) + String(repeating: "x", count: size % 5)
      return try write(text, at: relative)
    }

    /// A catalog of `size` bytes: short messages under made-up keys, padded.
    func file(_ relative: String, catalogOf size: Int) throws -> String {
      let entries = (0..<(size / 19 - 100)).map { "\"k\(String(1_000_000 + $0).dropFirst())\": \"{a}\"" }
      let text = "{" + entries.joined(separator: ", ")
      return try write(text + String(repeating: " ", count: size - text.utf8.count - 1) + "}", at: relative)
    }

    private func write(_ text: String, at relative: String) throws -> String {
      let file = url.appending(path: relative)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: false, encoding: .utf8)
      return file.path
    }

    /// The binary under `ulimit -v limit`: a report of the list to the
    /// output with `arguments`, or (`report` false) `arguments` alone.
    func run(limit: Int, _ arguments: [String], report: Bool = true) throws -> Subprocess.Result {
      let reportArguments = [input.path, "--now", "2026-11-30T14:00:00Z", "-o", output.path]
      return try MemoryAndThreadLimitTests.run(
        MemoryAndThreadLimitTests.limited("-v \(limit)", (report ? reportArguments : []) + arguments))
    }

    func expectOldOutput() throws {
      #expect(try String(contentsOf: output, encoding: .utf8) == Self.oldOutput)
      let left = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasPrefix(".") }
      #expect(left.isEmpty, "temporary files: \(left)")
    }
  }
}
