import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `-o 'x-{locale}.md'` with several locales checks every target before
/// any file is replaced: a target refused up front (exit 73) leaves every
/// file as it was, and no temporary file behind.
@Suite("Several locales: every target checked first", .enabled(if: EndToEndTests.binary != nil, "binary not built"))
struct SeveralLocaleTargetsCheckedFirstTests {
  static let stranger: uid_t = 4247

  /// What makes `x-fr.md` refused, and the reason the error gives.
  enum Refused: String, CaseIterable, CustomStringConvertible {
    case directory, strangersLink, strangersFIFOWithoutReader
    var description: String { rawValue }
  }

  static let cases: [Refused] =
    geteuid() == 0 ? Refused.allCases : [.directory]

  /// Makes `x-fr.md` in `folder` refused; the reason expected.
  static func refuse(_ name: String, in folder: URL, _ kind: Refused) throws -> String {
    let path = folder.appending(path: name).path
    switch kind {
    case .directory:
      #expect(mkdir(path, 0o755) == 0)
      return "is a directory"
    case .strangersLink:
      let elsewhere = folder.appending(path: "elsewhere.md").path
      #expect(FileManager.default.createFile(atPath: elsewhere, contents: Data("ELSEWHERE\n".utf8)))
      #expect(symlink(elsewhere, path) == 0)
      #expect(lchown(path, stranger, stranger) == 0)
      return
        "not following \(path): a symbolic link of uid \(stranger), neither yours nor root's (a write follows no other)"
    case .strangersFIFOWithoutReader:
      #expect(mkfifo(path, 0o666) == 0)
      #expect(chown(path, stranger, stranger) == 0)
      return "a FIFO of uid \(stranger) with no reader"
    }
  }

  @Test("x-fr.md refused: 73 naming it, x-en.md and x-de.md left as they were", arguments: cases)
  func refusedTargetLeavesEveryFile(kind: Refused) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let english = folder.appending(path: "x-en.md")
    try Data("OLD\n".utf8).write(to: english)
    let reason = try Self.refuse("x-fr.md", in: folder, kind)
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" -l en -l de -l fr -o \"$DIR/x-{locale}.md\" --now 2026-11-30T14:00:00Z -z UTC --days 1",
      environment: ["DIR": folder.path])
    #expect(result.status == 73, "\(result.stderr)")
    #expect(
      result.stderr
        == "posttim-report: error: \(folder.path)/x-fr.md: cannot create output file (\(reason))\n")
    #expect(try String(contentsOf: english, encoding: .utf8) == "OLD\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
  }

  @Test("FIFOs read one after the other (cat x-en x-fr): each is waited for in its turn, both written")
  func fifosReadInTurn() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["x-en.md", "x-fr.md"] { #expect(mkfifo(folder.appending(path: name).path, 0o600) == 0) }
    let result = try GuardedShell.run(
      "cd \"$DIR\" && { cat x-en.md x-fr.md > copy.md & } && \"$BIN\" \"$EXAMPLE\" -l en -l fr -o 'x-{locale}.md' "
        + "--now 2026-11-30T14:00:00Z -z UTC --days 1 --write-timeout 20 && wait && "
        + "for l in en fr; do \"$BIN\" \"$EXAMPLE\" -l $l --now 2026-11-30T14:00:00Z -z UTC --days 1; done | cmp - copy.md",
      environment: ["DIR": folder.path])
    #expect(result.status == 0, "\(result.stderr)")
  }
}
