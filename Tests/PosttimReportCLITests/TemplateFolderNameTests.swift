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

  /// Two canonically equivalent names and the NFC form they share, each
  /// also as the message spells it.
  struct EquivalentPair: Sendable {
    let first: String, firstShown: String, second: String, secondShown: String, nfcShown: String
  }

  /// Neither pair is one NFC name and one NFD: U+212B is in no normal
  /// form; `q\u{323}\u{307}` is both, `q\u{307}\u{323}` neither.
  static let equivalentNotNFCAndNFD = [
    EquivalentPair(
      first: "\u{212B}", firstShown: "\\u{212B}", second: "A\u{30A}", secondShown: "A\\u{30A}", nfcShown: "\\u{C5}"),
    EquivalentPair(
      first: "q\u{323}\u{307}", firstShown: "q\\u{323}\\u{307}", second: "q\u{307}\u{323}",
      secondShown: "q\\u{307}\\u{323}", nfcShown: "q\\u{323}\\u{307}"),
  ]

  @Test(
    "canonically equivalent names that are not one NFC and one NFD: 78 saying what both normalize to",
    arguments: equivalentNotNFCAndNFD)
  func equivalentNamesNotNFCAndNFD(_ pair: EquivalentPair) throws {
    let folder = try folder([Array(pair.first.utf8), Array(pair.second.utf8)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = expectRun(
      arguments: [TestPaths.example.path, "--template-dir", folder.path, "--now", "2026-11-30T14:00:00Z"],
      exit: .configuration)
    // The folder is listed in its own order: either name may come first.
    let message = { (one: String, other: String) in
      "posttim-report: error: \(folder.path): holds two names that Unicode reads as one, '\(one)' and '\(other)' in "
        + "\(folder.path)/markdown (canonically equivalent: both normalize to NFC '\(pair.nfcShown)'): rename one"
    }
    #expect(
      run.stderr == [message(pair.firstShown, pair.secondShown)]
        || run.stderr == [message(pair.secondShown, pair.firstShown)], "standard error: \(run.stderr)")
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
