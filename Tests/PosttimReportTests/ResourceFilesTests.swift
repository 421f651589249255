import Foundation
import PosttimReport
import PosttimTemplating
import Testing
import TestSupport

/// The one family of template and catalog sources: a user's folder, the
/// embedded copy, and the two layered.
@Suite("Resource files")
struct ResourceFilesTests {
  /// A fresh directory with the given files (path → contents).
  private func makeDirectory(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appending(path: "posttim-resources-\(UUID().uuidString)")
    for (path, contents) in files {
      let url = root.appending(path: path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  @Test("a folder reads nested files and lists them at any depth")
  func directory() throws {
    let root = try makeDirectory(["html/task.mustache": "T", "html/rows/row.mustache": "R", "html/.hidden": "H"])
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = try DirectoryResources(root: root)
    #expect(folder.text(at: "html/rows/row.mustache") == "R")
    #expect(folder.text(at: "html/absent.mustache") == nil)
    #expect(folder.paths(under: "html/") == ["html/rows/row.mustache", "html/task.mustache"])
  }

  @Test(
    "paths that could leave the folder are absent",
    arguments: [
      "../secret.mustache", "/etc/passwd", "html/../../secret.mustache", "html//task.mustache",
      "./secret.mustache", "", "html\\task.mustache", "~/secret.mustache", "html/\0.mustache",
    ]
  )
  func escapes(_ path: String) throws {
    let root = try makeDirectory(["inside/html/task.mustache": "x", "secret.mustache": "secret"])
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(!DirectoryResources.isContained(path))
    #expect(try DirectoryResources(root: root.appending(path: "inside")).text(at: path) == nil)
  }

  @Test("ordinary relative paths are contained")
  func contained() {
    for path in ["html/task.mustache", "messages/fr_CA.json", "a/b/c", "..x/y", "x.."] {
      #expect(DirectoryResources.isContained(path), "\(path)")
    }
  }

  @Test("layers: the first that has a file wins; listings are merged")
  func layers() throws {
    let user = try makeDirectory(["markdown/footer.mustache": "user footer"])
    defer { try? FileManager.default.removeItem(at: user) }
    let layered = LayeredResources([try DirectoryResources(root: user), EmbeddedResources()])
    #expect(layered.text(at: "markdown/footer.mustache") == "user footer")
    #expect(layered.text(at: "markdown/header.mustache") == EmbeddedResources().text(at: "markdown/header.mustache"))
    #expect(layered.text(at: "markdown/header.mustache") != nil)
    #expect(layered.paths(under: "markdown/") == EmbeddedResources().paths(under: "markdown/"))
  }

  @Test("a partial naming a path outside the folder is refused at its tag, not read")
  func escapingPartial() throws {
    let root = try makeDirectory(["secret.mustache": "SECRET", "html/x.mustache": "x"])
    defer { try? FileManager.default.removeItem(at: root) }
    var options = WriterOptions(resources: LayeredResources([try DirectoryResources(root: root), EmbeddedResources()]))
    options[TemplateReportWriter.Options.self] = .init(layout: ("mine.mustache", "ok\n  {{>../secret}}"))
    #expect(
      throws: TemplateError(
        kind: .notFound, templateName: "mine.mustache", line: 2, column: 3, message: "no template named '../secret'")
    ) {
      try WriterRegistry.standard.writer(for: "html", options: options)
    }
  }
}
