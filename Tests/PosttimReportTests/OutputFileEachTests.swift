import Foundation
@testable import PosttimReport
import Testing

/// `-o 'NAME-{locale}.EXT'` writes one file per locale
/// (``OutputFile/writeEach(to:hook:writeTimeout:_:)``): a failure while any
/// of them is written (the render budget in one locale) leaves every target
/// as it was.
@Suite("One output file per locale")
struct OutputFileEachTests {
  struct Stop: Error {}

  @Test("a failure in the second file's writing leaves the first one's target as it was, and no temporary file")
  func failureInALaterFile() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "each-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = ["a-fr-CA.md", "a-ja-JP.md"].map { folder.appending(path: $0).path }
    for (index, path) in paths.enumerated() { try Data("old \(index)\n".utf8).write(to: URL(fileURLWithPath: path)) }
    #expect(throws: Stop.self) {
      try OutputFile.writeEach(to: paths, hook: { nil }) { index, stream in
        stream.write("new \(index)\n")
        if index == 1 { throw Stop() }
      }
    }
    #expect(try paths.map { try String(contentsOfFile: $0, encoding: .utf8) } == ["old 0\n", "old 1\n"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a-fr-CA.md", "a-ja-JP.md"])
    try OutputFile.writeEach(to: paths, hook: { nil }) { index, stream in stream.write("new \(index)\n") }
    #expect(try paths.map { try String(contentsOfFile: $0, encoding: .utf8) } == ["new 0\n", "new 1\n"])
  }
}
