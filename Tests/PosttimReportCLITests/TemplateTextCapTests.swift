import Foundation
import Testing
import TestSupport

/// What one report loads from a template folder is at most 4 MiB in all,
/// a file under several names counted once: 1,500 hard links to a 1 MB
/// partial took 8.9 GB of memory and mailed a 1.56 GB message, each link
/// loaded, parsed and counted in the render budget as a file of its own.
@Suite("Template folder: 4 MiB in all, a file counted once", .requires(.builtBinary))
struct TemplateTextCapTests {
  /// A file of `size` bytes of text (one text node), as partials are made here.
  static func text(_ size: Int) -> String { String(repeating: "x", count: size - 1) + "\n" }

  /// A folder `tpl` whose `html/agenda.mustache` includes `p1` … `pN`.
  static func folder(partials count: Int, in root: URL) throws -> URL {
    let folder = root.appending(path: "tpl")
    try FileManager.default.createDirectory(at: folder.appending(path: "html"), withIntermediateDirectories: true)
    let agenda = (1...count).map { "{{>p\($0)}}" }.joined()
    try agenda.write(to: folder.appending(path: "html/agenda.mustache"), atomically: false, encoding: .utf8)
    return folder
  }

  static func report(_ folder: URL, to output: URL) throws -> Subprocess.Result {
    try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -f html --template-dir \"$DIR\" -o \"$OUT\"",
      environment: ["DIR": folder.path, "OUT": output.path])
  }

  /// 9 nodes (8 tags, the file's one text) and 1,000,000 bytes: the file
  /// once, not 8 times (a budget of 33 million units, 8 MB written, exit 0).
  @Test("8 hard links to one 1 MB partial: its text counts once in the budget, which 8 MB of output passes: 78")
  func hardLinkedPartialCountsOnce() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = try Self.folder(partials: 8, in: root)
    let first = folder.appending(path: "html/p1.mustache")
    try Self.text(1_000_000).write(to: first, atomically: false, encoding: .utf8)
    for index in 2...8 {
      try FileManager.default.linkItem(at: first, to: folder.appending(path: "html/p\(index).mustache"))
    }
    let output = root.appending(path: "out.html")
    let result = try Self.report(folder, to: output)
    #expect(result.status == 78, "\(result.stderr.prefix(300))")
    #expect(
      result.stderr
        == "posttim-report: error: agenda: rendering takes more work than its budget (5039664 units for 9 "
        + "template nodes with 1000000 bytes of text and 24 items with 1579 bytes of text): sections nested over "
        + "the same list, or partials that include each other, multiply the work\n")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("distinct partials: 4 of 1 MB render; a fifth passes 4 MiB in all: 78 naming it and the folder")
  func distinctPartialsPastTheTotalCap() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    for count in [4, 5] {
      let folder = try Self.folder(partials: count, in: root)
      for index in 1...count {
        // Distinct texts: no two files are one.
        let text = Self.text(1_000_000 - index)
        try text.write(to: folder.appending(path: "html/p\(index).mustache"), atomically: false, encoding: .utf8)
      }
      let output = root.appending(path: "out\(count).html")
      let result = try Self.report(folder, to: output)
      if count == 4 {
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect((try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) == 3_999_990)
      } else {
        #expect(result.status == 78)
        #expect(
          result.stderr
            == "posttim-report: error: \(folder.path)/html/p5.mustache: \(Self.refusal(folder.path))\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
      }
      try FileManager.default.removeItem(at: folder)
    }
  }

  @Test("a roster reader's template-dir past 4 MiB fails that reader alone, the others are written")
  func rosterReaderFailsAlone() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = try Self.folder(partials: 5, in: root)
    for index in 1...5 {
      let text = Self.text(1_000_000 - index)
      try text.write(to: folder.appending(path: "html/p\(index).mustache"), atomically: false, encoding: .utf8)
    }
    let run = try RosterTemplateFolderCellMissingTests.run(bobsFolder: folder.path, in: root)
    RosterTemplateFolderCellMissingTests.expectBobFailedAlone(
      run, reason: "\(folder.path)/html/p5.mustache: \(Self.refusal(folder.path))")
  }

  static func refusal(_ folder: String) -> String {
    "loading it takes the text of the templates and catalogs read from '\(folder)' past 4 MiB, "
      + "the cap for one report (a file under several names counts once)"
  }
}
