import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A roster reader's list must be a regular file: a FIFO (whose writer,
/// any reader, could stall the whole run and every later hourly run behind
/// its journal lock), a socket or a device fails that reader alone, naming
/// it and its kind, and is never opened; the others are written.
@Suite("Roster: a reader's list must be a regular file", .requires(.builtBinary))
struct RosterListKindTests {
  /// `roster.csv` in a fresh folder with `ann` and `cat` reading the example
  /// list and `bob` reading `list`, run with `-o out`.
  static func run(bobReading list: String, in folder: URL) throws -> Subprocess.Result {
    let roster = folder.appending(path: "roster.csv").path
    try """
    id,list,mail-to
    ann,\(TestPaths.example.path),ann@example.org
    bob,\(list),bob@example.org
    cat,\(TestPaths.example.path),cat@example.org

    """.write(toFile: roster, atomically: false, encoding: .utf8)
    let out = folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    // The shell's timeout is a guard against a hang, not a measure.
    return try GuardedShell.run(
      "exec \"$BIN\" roster \"$ROSTER\" -o \"$OUT\" --state \"$STATE\" --now 2026-12-02T12:00:00Z",
      environment: ["ROSTER": roster, "OUT": out, "STATE": folder.appending(path: "state").path])
  }

  static func expectOnlyBobFailed(_ result: Subprocess.Result, in folder: URL, line: String) throws {
    #expect(result.status == 75)
    let out = folder.appending(path: "out").path
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["ann.eml", "cat.eml"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("bob: ") } == [line])
    #expect(lines.last == "roster: 2 written, 0 not due, 0 already written, 1 failed")
  }

  @Test("a FIFO list between two good readers: that reader fails naming its kind, the others are written")
  func fifoList() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "bob.plist").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let result = try Self.run(bobReading: fifo, in: folder)
    try Self.expectOnlyBobFailed(
      result, in: folder, line: "bob: failed: row 3: \(fifo): is a FIFO; a roster reader's list must be a regular file")
  }

  @Test("a device list, named or through a link: that reader fails naming its kind, the others are written")
  func deviceList() throws {
    for name in ["/dev/zero", "link"] {
      let folder = try temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      var list = name
      if name == "link" {
        list = folder.appending(path: "bob.plist").path
        #expect(symlink("/dev/zero", list) == 0)
      }
      let result = try Self.run(bobReading: list, in: folder)
      try Self.expectOnlyBobFailed(
        result, in: folder, line: "bob: failed: row 3: \(list): is a character device, not a task list")
    }
  }
}
