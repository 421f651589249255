import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Swift compares strings by canonical equivalence, so `café` written NFC
/// (as Linux tools write it) and NFD (as macOS does) are one key: a
/// template folder holding both names once stopped every run with a
/// trap. A template naming its partial could not tell them apart either:
/// the folder is refused, as is a name that is not UTF-8.
@Suite("Template folder names that a template could not tell apart")
struct TemplateFolderNameTests {
  /// Makes `names` (raw bytes) in `folder/markdown`, each a small template.
  private func folder(_ names: [[UInt8]]) throws -> URL {
    let folder = try temporaryFolder()
    let markdown = folder.appending(path: "markdown").path
    try FileManager.default.createDirectory(atPath: markdown, withIntermediateDirectories: false)
    for name in names {
      let path = Array(markdown.utf8) + [UInt8(ascii: "/")] + name + [0]
      let file = path.withUnsafeBufferPointer {
        open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_EXCL, 0o644)
      }
      #expect(file >= 0)
      _ = write(file, "x\n", 2)
      close(file)
    }
    return folder
  }

  @Test("NFC and NFD spellings of one name: 78 naming both, for every format")
  func canonicallyEquivalentNames() throws {
    let folder = try folder([Array("café.mustache".utf8), Array("cafe\u{301}.mustache".utf8)])
    defer { try? FileManager.default.removeItem(at: folder) }
    for format in ["markdown", "csv"] {
      expectRun(
        arguments: [
          TestPaths.example.path, "--template-dir", folder.path, "--format", format, "--now", "2026-11-30T14:00:00Z",
        ], exit: .configuration,
        stderr: [
          "posttim-report: error: \(folder.path): holds two names that Unicode reads as one, "
            + "'caf\\u{E9}.mustache' and 'cafe\\u{301}.mustache' in \(folder.path)/markdown (one written NFC, one NFD): "
            + "rename one"
        ])
    }
  }

  @Test("a name that is not UTF-8: 78 naming it with its bytes")
  func nameNotUTF8() throws {
    let folder = try folder([Array("x".utf8) + [0xFF] + Array(".mustache".utf8)])
    defer { try? FileManager.default.removeItem(at: folder) }
    expectRun(
      arguments: [TestPaths.example.path, "--template-dir", folder.path, "--now", "2026-11-30T14:00:00Z"],
      exit: .configuration,
      stderr: [
        "posttim-report: error: \(folder.path): holds a name that is not UTF-8 text, 'x\\xFF.mustache' in "
          + "\(folder.path)/markdown: rename it"
      ])
  }

  @Test("in a roster, a reader whose folder holds both spellings fails alone; the others are written")
  func rosterReaderFailsAlone() throws {
    let folder = try folder([Array("café.mustache".utf8), Array("cafe\u{301}.mustache".utf8)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = try RosterFixture(
      "id,list,at,mail-to,template-dir\na,tasks.plist,00:00,a@example.org,\n"
        + "b,tasks.plist,00:00,b@example.org,\(folder.path)\nc,tasks.plist,00:00,c@example.org,\n")
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    let run = CapturedRun()
    let status = run.run([
      "roster", fixture.roster, "-o", out, "--state", fixture.state, "--mail-from", "r@example.org", "--now",
      "2026-12-01T12:00:00Z",
    ])
    #expect(status == .temporaryFailure)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["a.eml", "c.eml"])
    #expect(
      run.stderr.contains { $0.contains("row 3 (b)") && $0.contains("holds two names that Unicode reads as one") })
  }
}
