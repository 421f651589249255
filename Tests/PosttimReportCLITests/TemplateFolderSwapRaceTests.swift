import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A report checks its template folder and renders from it: both from one
/// listing of one lookup of the folder. Looked up by name for each, a
/// folder swapped for another user's link between them passed the check
/// and then rendered the built-in templates in silence.
@Suite(
  "Template folder swapped during the run: refused, or her templates, never the defaults",
  .enabled(if: geteuid() == 0, "needs root to give the folder and the link to another user"))
struct TemplateFolderSwapRaceTests {
  @Test("each run while her folder and her link swap: refused, or her footer; never the defaults")
  func checkAndRenderAgree() throws {
    let fixture = try SwappedFolderFixture(file: "x", hers: "x\n", secret: "x\n")
    defer { fixture.remove() }
    for (folder, text) in [(fixture.folder, "HERS\n"), (fixture.secretFolder, "SECRET\n")] {
      try FileManager.default.createDirectory(atPath: folder + "/markdown", withIntermediateDirectories: false)
      try text.write(toFile: folder + "/markdown/footer.mustache", atomically: false, encoding: .utf8)
    }
    let arguments = [
      TestPaths.example.path, "--template-dir", fixture.folder, "--format", "markdown", "--now",
      "2026-11-30T14:00:00Z", "-z", "UTC",
    ]
    var (refused, hers, other) = (0, 0, [String]())
    // Bounded by the outcomes seen, not by a count of tries.
    fixture.whileSwapping(tries: 400) {
      let run = CapturedRun()
      let status = run.run(arguments)
      if status.rawValue == 78, run.stderr.first?.contains("a symbolic link of uid 1005") == true {
        refused += 1
      } else if status.rawValue == 64, run.stderr.first?.hasSuffix("' does not exist") == true {
        // Looked up between two renames: neither there.
      } else if status.rawValue == 0, run.stdout.hasSuffix("HERS\n") {
        hers += 1
      } else {
        other.append("\(status.rawValue): \(run.stderr.first ?? "") \(run.stdout.suffix(40))")
      }
      return refused < 5 || hers < 5
    }
    #expect(other == [])
    #expect(refused > 0)
    #expect(hers > 0)
  }
}
