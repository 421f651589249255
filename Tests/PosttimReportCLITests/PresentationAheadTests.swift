import Foundation
import Synchronization
import Testing

@testable import PosttimReportCLI

/// A long list's ICU objects are made on a helper while it is read
/// (``PresentationAhead``): the run must read as a short list's does.
@Suite("ICU objects made while a long list is read")
struct PresentationAheadTests {
  /// An XML list of `count` tasks, over a megabyte from about 4,500;
  /// the last with `lastImportance`.
  static func list(count: Int, lastImportance: String = "3", in folder: URL) throws -> URL {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <array>

      """
    for entry in 1...count {
      text += """
        <dict><key>tache</key><string>Tâche \(entry)</string><key>date</key><date>2026-11-30T\(10 + entry % 12):\(10 + entry % 50):00Z</date>\
        <key>importance</key><string>\(entry == count ? lastImportance : String(1 + entry % 9))</string>\
        <key>description</key><string>Détail de la tâche \(entry), à faire avant la date.</string></dict>

        """
    }
    text += "</array>\n</plist>\n"
    let url = folder.appending(path: "long.plist")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  static let arguments = ["--locale", "ms_MY", "--time-zone", "America/Toronto", "--now", "2026-11-30T14:00:00Z"]

  @Test("a catalog's warning is written once, as for a short list")
  func warningWrittenOnce() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = try Self.list(count: 5_000, in: folder)
    #expect(try long.resourceValues(forKeys: [.fileSizeKey]).fileSize! >= PresentationAhead.minimumInputBytes)
    let run = expectRun(
      arguments: [long.path] + Self.arguments, exit: .success,
      stderr: ["posttim-report: warning: no message catalog for ms_MY; using en"])
    #expect(run.stdout.hasPrefix("# Agenda\n"))
    #expect(run.stdout.contains("Tâche 5000"))
  }

  @Test("a bad entry: the list's error alone, no warning from the catalogs made meanwhile")
  func listErrorAlone() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = try Self.list(count: 5_000, lastImportance: "12", in: folder)
    expectRun(
      arguments: [long.path] + Self.arguments, exit: .dataError,
      stderr: ["posttim-report: error: \(long.path): entry 5000: \"importance\" must be 1…9, got \"12\""])
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
