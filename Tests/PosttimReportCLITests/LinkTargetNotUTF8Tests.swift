import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A link whose target is not UTF-8 (`good -> d\xE9`, a Latin-1 name of a
/// legacy system) was followed as if its bad byte were U+FFFD: the run
/// read, or wrote, the file under `d\u{FFFD}` instead. It is refused,
/// naming the link and the target's bytes.
@Suite("A symbolic link whose target is not UTF-8")
struct LinkTargetNotUTF8Tests {
  /// `top/d\xE9/l.plist` (the real list), `top/d\u{FFFD}/l.plist` (a
  /// decoy) and the link `top/good -> d\xE9`.
  private func layout() throws -> URL {
    let top = try temporaryFolder()
    let real = Array(top.path.utf8) + Array("/d".utf8) + [0xE9]
    let decoy = top.path + "/d\u{FFFD}"
    #expect(
      (real + [0]).withUnsafeBufferPointer {
        mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755)
      } == 0)
    try FileManager.default.createDirectory(atPath: decoy, withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: TestPaths.example.path, toPath: decoy + "/l.plist")
    let target: [UInt8] = Array("d".utf8) + [0xE9, 0]
    #expect(
      target.withUnsafeBufferPointer {
        symlink(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), top.path + "/good")
      } == 0)
    return top
  }

  @Test("a task list through it: 66 naming the link and the bytes, the decoy never read")
  func taskList() throws {
    let top = try layout()
    defer { try? FileManager.default.removeItem(at: top) }
    expectRun(
      arguments: [top.path + "/good/l.plist", "--now", "2026-11-30T14:00:00Z"], exit: .noInput,
      stderr: [
        "posttim-report: error: \(top.path)/good/l.plist: cannot be read (not following \(top.path)/good: its target is not UTF-8 text, 'd\\xE9')"
      ])
  }

  @Test("-o through it: 73 naming the link and the bytes, nothing written in the decoy")
  func output() throws {
    let top = try layout()
    defer { try? FileManager.default.removeItem(at: top) }
    expectRun(
      arguments: [TestPaths.example.path, "-o", top.path + "/good/w.md", "--now", "2026-11-30T14:00:00Z"],
      exit: .cannotCreate,
      stderr: [
        "posttim-report: error: \(top.path)/good/w.md: cannot create output file (not following \(top.path)/good: "
          + "its target is not UTF-8 text, 'd\\xE9')"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: top.path + "/d\u{FFFD}") == ["l.plist"])
  }
}
