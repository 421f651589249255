import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `--locale` values: a deprecated code and its replacement are one
/// locale (one report, one `{locale}` file), and a keyword value ICU does
/// not know is a usage error naming it, not an internal error.
@Suite("CLI: --locale, canonical codes and keywords")
struct LocaleOptionTests {
  let example = TestPaths.example.path

  @Test(
    "a deprecated code and its replacement are the same locale: refused, nothing written",
    arguments: [
      ("iw_IL", "he_IL", "he_IL"), ("in", "id", "id"), ("ji", "yi", "yi"), ("mo", "ro", "ro"), ("tl", "fil", "fil"),
      ("sh", "sr_Latn", "sr_Latn"), ("en_UK", "en-GB", "en_GB"),
    ])
  func canonicalDuplicates(old: String, new: String, canonical: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CapturedRun()
    let status = run.run([example, "-l", "\(old),\(new)", "-o", folder.appending(path: "x-{locale}.md").path])
    #expect(status == .usage)
    #expect(
      run.stderr.first
        == "posttim-report: error: locale '\(new)' given twice (as '\(old)' before; both are \(canonical))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(
    "keyword values ICU does not know are usage errors naming them",
    arguments: [
      ("en-u-nu-bogus", "unknown numbering system \"bogus\""),
      ("en-u-ks-bogus", "unsupported collation setting \"ks-bogus\" (ICU: U_ILLEGAL_ARGUMENT_ERROR)"),
      ("en-u-kh-true", "unsupported collation setting \"kh-true\" (ICU: U_UNSUPPORTED_ERROR)"),
      ("en-u-co-bogus", "unknown collation \"bogus\""),
      ("en-u-fw-xyz", "unknown first day of the week \"xyz\" (sun, mon, … sat)"),
    ])
  func keywords(locale: String, reason: String) {
    let run = CapturedRun()
    #expect(run.run([example, "-l", locale]) == .usage)
    #expect(run.stderr.first == "posttim-report: error: invalid locale \"\(locale)\": \(reason)")
  }
}
