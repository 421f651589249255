import Foundation
import Testing
import TestSupport

/// A reader's `template-dir` cell naming a folder that is not there (or a
/// file) fails that reader alone, as a list that is not there does: the
/// folder may be the reader's own, and removing it must not stop the others.
@Suite("Roster: a reader's template-dir cell that names no folder", .requires(.builtBinary))
struct RosterTemplateFolderCellMissingTests {
  @Test(
    "a template-dir cell naming no folder: that reader fails naming it, the others are written",
    arguments: [
      ("nope", "template folder 'FOLDER/nope' does not exist"),
      ("file.txt", "--template-dir 'FOLDER/file.txt' is a file, not a folder"),
    ])
  func missingFolder(name: String, reason: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "not a folder\n".write(to: folder.appending(path: "file.txt"), atomically: false, encoding: .utf8)
    let run = try Self.run(bobsFolder: folder.appending(path: name).path, in: folder)
    Self.expectBobFailedAlone(run, reason: reason.replacingOccurrences(of: "FOLDER", with: folder.path))
  }

  /// A roster of ann, bob (`template-dir` cell `bobsFolder`) and cat, run
  /// into `folder/out`: the run, and the files written there.
  static func run(bobsFolder: String, in folder: URL) throws -> (result: Subprocess.Result, written: [String]) {
    let roster = folder.appending(path: "roster.csv").path
    try """
    id,list,mail-to,template-dir
    ann,\(TestPaths.example.path),ann@example.org,
    bob,\(TestPaths.example.path),bob@example.org,\(bobsFolder)
    cat,\(TestPaths.example.path),cat@example.org,

    """.write(toFile: roster, atomically: false, encoding: .utf8)
    let out = folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    let result = try GuardedShell.run(
      "exec \"$BIN\" roster \"$ROSTER\" -o \"$OUT\" --state \"$STATE\" --now 2026-12-02T12:00:00Z",
      environment: ["ROSTER": roster, "OUT": out, "STATE": folder.appending(path: "state").path])
    return (result, try FileManager.default.contentsOfDirectory(atPath: out).sorted())
  }

  /// bob failed alone, named by the check with `reason`; ann and cat were written.
  static func expectBobFailedAlone(_ run: (result: Subprocess.Result, written: [String]), reason: String) {
    #expect(run.result.status == 75, "\(run.result.stderr.prefix(500))")
    #expect(run.written == ["ann.eml", "cat.eml"])
    let lines = run.result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("bob: ") }.count == 1)
    #expect(lines.last == "roster: 2 written, 0 not due, 0 already written, 1 failed")
    #expect(
      run.result.stderr.split(separator: "\n").contains(
        "posttim-report: warning: row 3 (bob): column 'template-dir': \(reason); "
          + "this reader fails until it is fixed, the others are written"))
  }
}
