import Foundation
import Testing
import TestSupport

/// A deprecated language code is read as CLDR's current one, whether or
/// not ICU keeps data under the old code: `ji` is Yiddish (`yi`), `jw`
/// Javanese (`jv`), as `iw` is Hebrew.
@Suite(
  "Deprecated language codes", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct DeprecatedLanguageCodeTests {
  static func report(_ locale: String) throws -> (status: Int32, stdout: String, stderr: String) {
    try EndToEndTests.run([
      TestPaths.example.path, "-l", locale, "-f", "html", "--now", "2026-11-30T14:00:00Z", "-z", "UTC",
    ])
  }

  @Test(
    "the report in a deprecated code is the report in its replacement, with no fallback to the root locale",
    arguments: [("ji", "yi"), ("jw", "jv"), ("iw", "he"), ("in", "id"), ("mo", "ro"), ("tl", "fil"), ("sh", "sr_Latn")]
  )
  func sameReport(old: String, new: String) throws {
    let deprecated = try Self.report(old)
    let current = try Self.report(new)
    #expect(deprecated.status == 0)
    #expect(!deprecated.stderr.contains("ICU has no data"), "\(deprecated.stderr)")
    #expect(deprecated.stdout == current.stdout)
    #expect(deprecated.stderr == current.stderr)
  }
}
