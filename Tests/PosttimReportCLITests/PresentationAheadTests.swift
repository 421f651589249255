import Foundation
import Synchronization
import Testing

@testable import PosttimReportCLI

/// A long list's ICU objects are made on a helper while it is read
/// (``PresentationAhead``): the run must read as a short list's does.
@Suite("ICU objects made while a long list is read")
struct PresentationAheadTests {
  /// ``StaleTemporaryFileTests/bigList(_:)`` of 5,000 tasks (1.4 MB, past
  /// ``PresentationAhead/minimumInputBytes``), with `extra` entries after
  /// them, written in `folder`.
  static func longList(appending extra: String = "", in folder: URL) throws -> URL {
    let text = StaleTemporaryFileTests.bigList(5_000)
      .replacingOccurrences(of: "</array></plist>", with: extra + "</array></plist>")
    let url = folder.appending(path: "long.plist")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  static let arguments = [
    "--locale", "ms_MY", "--time-zone", "America/Toronto", "--now", "2026-11-30T14:00:00Z", "--from", "2026-12-01",
    "--to", "2026-12-31",
  ]

  @Test("a catalog's warning is written once, as for a short list")
  func warningWrittenOnce() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = try Self.longList(in: folder)
    #expect(try long.resourceValues(forKeys: [.fileSizeKey]).fileSize! >= PresentationAhead.minimumInputBytes)
    let run = expectRun(
      arguments: [long.path] + Self.arguments, exit: .success,
      stderr: ["posttim-report: warning: no message catalog for ms_MY; using en"])
    #expect(run.stdout.hasPrefix("# Agenda\n"))
    #expect(run.stdout.contains("tâche 4999"))
  }

  @Test("a bad entry: the list's error alone, no warning from the catalogs made meanwhile")
  func listErrorAlone() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad =
      "<dict><key>tache</key><string>t</string><key>date</key><date>2026-12-01T12:00:00Z</date>"
      + "<key>importance</key><string>12</string></dict>\n"
    let long = try Self.longList(appending: bad, in: folder)
    expectRun(
      arguments: [long.path] + Self.arguments, exit: .dataError,
      stderr: ["posttim-report: error: \(long.path): entry 5001: \"importance\" must be 1…9, got \"12\""])
  }

  @Test("made ahead for lists of 1 MiB and more, never under a memory limit (the check before reading sees no helper)")
  func aheadOnlyWithoutMemoryLimit() {
    #expect(PresentationAhead.goesAhead(inputBytes: 1 << 20, memoryLimited: false))
    #expect(!PresentationAhead.goesAhead(inputBytes: (1 << 20) - 1, memoryLimited: false))
    #expect(!PresentationAhead.goesAhead(inputBytes: 1 << 30, memoryLimited: true))
  }

  @Test("held warnings come out in order when released, and later ones at once")
  func heldWarnings() {
    let held = HeldWarnings()
    let written = TestLines()
    held.warn("first")
    held.warn("second")
    #expect(written.lines.isEmpty)
    held.release(to: written.append)
    #expect(written.lines == ["first", "second"])
    held.warn("third")
    #expect(written.lines == ["first", "second", "third"])
  }
}

/// Lines written by several threads, kept in order.
final class TestLines: Sendable {
  private let kept = Mutex<[String]>([])
  var lines: [String] { kept.withLock { $0 } }
  @Sendable func append(_ line: String) { kept.withLock { $0.append(line) } }
}
