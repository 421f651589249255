import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Two locales that differ only by a keyword (`-l ja_JP,ja-JP-u-ca-japanese`,
/// `fr_CA,fr-CA-u-nu-arab`) are two locales of a run: every output that
/// names its parts keeps them apart (HTML IDs and links, the e-mail's HTML
/// part, `{locale}` file names). Part of ``SeveralLocalesTests``, whose
/// run and pattern helpers it uses.
extension SeveralLocalesTests {
  /// Every `id` once, and every fragment link and label naming one.
  func expectUniqueIDs(_ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let ids = matches(of: #" id="([^"]*)""#, in: page)
    let repeated = Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
    #expect(repeated == [], sourceLocation: sourceLocation)
    for target in matches(of: ##"href="#([^"]*)""##, in: page) + matches(of: #"aria-labelledby="([^"]*)""#, in: page) {
      #expect(ids.contains(target), "\(target) names no element", sourceLocation: sourceLocation)
    }
  }

  @Test("html: each locale's index link, article and IDs carry its full tag; lang keeps the tag without extensions")
  func htmlPrefixesWithFullTag() throws {
    let page = try output(["-l", "ja_JP,ja-JP-u-ca-japanese", "-f", "html"])
    #expect(
      matches(of: ##"<a href="#([^"]*)""##, in: page).filter { $0.hasPrefix("locale-") } == [
        "locale-ja-JP", "locale-ja-JP-u-ca-japanese",
      ])
    #expect(page.contains("<article id=\"locale-ja-JP\" lang=\"ja-JP\" dir=\"ltr\""))
    #expect(page.contains("<article id=\"locale-ja-JP-u-ca-japanese\" lang=\"ja-JP\" dir=\"ltr\""))
    #expect(
      page.contains("<section id=\"ja-JP-day-2026-11-30\" dir=\"ltr\" aria-labelledby=\"ja-JP-day-2026-11-30-h\""))
    #expect(
      page.contains(
        "<section id=\"ja-JP-u-ca-japanese-day-2026-11-30\" dir=\"ltr\" aria-labelledby=\"ja-JP-u-ca-japanese-day-2026-11-30-h\""
      ))
    expectUniqueIDs(page)
    expectUniqueIDs(try output(["-l", "fr_CA,fr-CA-u-nu-arab", "-f", "html"]))
  }

  @Test("email: the HTML part's IDs are unique, each language link reaches its own article, Content-Language once")
  func emailHTMLPart() throws {
    let message = try output([
      "-l", "fr_CA,fr-CA-u-nu-arab", "-f", "email", "--mail-to", "a@example.org", "--mail-from", "b@example.org",
    ])
    #expect(message.contains("\r\nContent-Language: fr-CA\r\n"))
    let html = quotedPrintableDecoded(message)
    #expect(
      matches(of: ##"<a href="#(locale-[^"]*)""##, in: html) == ["locale-fr-CA", "locale-fr-CA-u-nu-arab"])
    #expect(html.contains("<article id=\"locale-fr-CA-u-nu-arab\" lang=\"fr-CA\""))
    expectUniqueIDs(html)
  }

  @Test("markdown: each locale's heading names its keyword, so headings (and their anchors) differ")
  func markdownHeadings() throws {
    let text = try output(["-l", "ja_JP,ja-JP-u-ca-japanese", "-f", "markdown"])
    #expect(text.hasPrefix("# 日本語 (日本)\n\n"))
    #expect(text.contains("\n# 日本語 (日本、暦法=和暦)\n\n"))
  }

  @Test("-o '{locale}': one file each, named by the full tag")
  func keywordLocaleFiles() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    expectRun(
      arguments: base + [
        "-l", "ja_JP,ja-JP-u-ca-japanese", "-f", "markdown", "-o", folder.appending(path: "x-{locale}.md").path,
      ], exit: .success)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "x-ja-JP-u-ca-japanese.md", "x-ja-JP.md",
      ])
  }
}
