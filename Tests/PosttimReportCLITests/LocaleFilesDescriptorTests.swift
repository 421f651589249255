import Foundation
import Testing
import TestSupport

/// `-o 'NAME-{locale}.EXT'` checks every locale's file before any is
/// replaced, holding each (its folder and temporary file) until the set is
/// written: the run counts them before it reads anything, so a limit too
/// low is exit 71 naming it, never 73 "Too many open files" after the work.
@Suite(
  "File descriptors for one file per locale",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct LocaleFilesDescriptorTests {
  static let forty = [
    "ar", "bn", "ca", "cs", "da", "de", "el", "en", "es", "fa", "fi", "fr", "he", "hi", "hu", "id", "it", "ja", "ko",
    "lt", "lv", "nb", "nl", "pl", "pt", "ro", "ru", "sv", "th", "tr", "uk", "vi", "zh_Hans", "zh_Hant", "en_GB",
    "fr_CA", "es_MX", "pt_PT", "de_CH", "ar_EG",
  ]

  static func arguments(_ input: String, _ locales: [String], _ folder: URL) -> [String] {
    [
      input, "-l", locales.joined(separator: ","), "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "-o",
      folder.appending(path: "x-{locale}.md").path,
    ]
  }

  static func files(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// 83 is the lowest limit 40 locales need (0–2 and 80); the test runner
  /// may leave one descriptor of its own open in the run.
  @Test(
    "40 locales under ulimit -n 1024 and at 84, one over the lowest limit that holds their 80 descriptors: 40 files")
  func fortyLocales() throws {
    for limit in [1024, 84] {
      let folder = try temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let result = try LimitedRun.run(
        "ulimit -n \(limit)", Self.arguments(TestPaths.example.path, Self.forty, folder))
      #expect(result.status == 0, "ulimit -n \(limit): \(result.stderr)")
      #expect(result.stderr == "")
      #expect(try Self.files(in: folder).count == 40)
    }
  }

  @Test(
    "too few for every locale's file: exit 71 naming the need before any list is read (a missing one is not reported)",
    arguments: [(4, 10, 8), (40, 10, 80), (40, 82, 80)])
  func tooFew(locales: Int, limit: Int, needed: Int) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appending(path: "no-such-list.plist").path
    let result = try LimitedRun.run(
      "ulimit -n \(limit)", Self.arguments(missing, Array(Self.forty.prefix(locales)), folder))
    #expect(result.status == 71)
    // The test runner may leave a descriptor open in the run, at 10 or above.
    let free = limit <= 10 ? "\(limit - 3)" : #"\d+"#
    let message =
      "posttim-report: error: too few file descriptors: a run writing \(locales) files \\(\\{locale\\} in -o\\) needs "
      + "\(needed) free, and only \(free) are free under the limit of \(limit) \\(ulimit -n\\); raise the limit\n"
    #expect(result.stderr.wholeMatch(of: try Regex(message)) != nil, "\(result.stderr)")
    #expect(try Self.files(in: folder).isEmpty)
  }
}
