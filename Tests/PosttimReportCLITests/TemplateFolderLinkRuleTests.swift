import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A `--template-dir` reached through another user's link (here in a
/// sticky world-writable folder), or holding such a link as a subfolder, is
/// refused (78 naming the link): each file in it is read under the link
/// rule, so the run quietly used the embedded templates and catalogs instead.
@Suite(
  "Template folder links: only the caller's and root's are followed",
  .enabled(if: geteuid() == 0 && EndToEndTests.binary != nil, "needs root to chown links, and the built binary"))
struct TemplateFolderLinkRuleTests {
  @Test("the folder itself, or its markdown subfolder, another user's link: 78 naming the link")
  func foreignFolderLinks() throws {
    let fixture = try FolderLinkRuleTests.Fixture()
    defer { fixture.remove() }
    let templates = fixture.privateFolder.appending(path: "markdown")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: false)
    try "MARKER\n".write(to: templates.appending(path: "footer.mustache"), atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(at: fixture.victim)

    let folderLink = try fixture.folderLink("tdm", owner: FolderLinkRuleTests.stranger)
    let whole = try FolderLinkRuleTests.run([TestPaths.example.path, "--template-dir", folderLink.path])
    #expect(whole.status == 78)
    #expect(whole.stdout.isEmpty)
    #expect(
      whole.stderr
        == "posttim-report: error: \(folderLink.path): \(FolderLinkRuleTests.readRefusal(folderLink))\n")

    let sub = fixture.shared.appending(path: "mdl")
    try FileManager.default.createSymbolicLink(atPath: sub.path, withDestinationPath: templates.path)
    #expect(lchown(sub.path, FolderLinkRuleTests.stranger, FolderLinkRuleTests.stranger) == 0)
    let folder = fixture.root.appending(path: "tdn")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appending(path: "markdown").path, withDestinationPath: sub.path)
    let inner = try FolderLinkRuleTests.run([TestPaths.example.path, "--template-dir", folder.path])
    #expect(inner.status == 78)
    #expect(
      inner.stderr
        == "posttim-report: error: \(folder.path)/markdown: \(FolderLinkRuleTests.readRefusal(sub))\n")

    // The same folder named directly is used.
    let direct = try FolderLinkRuleTests.run([TestPaths.example.path, "--template-dir", fixture.privateFolder.path])
    #expect(direct.status == 0, "\(direct.stderr)")
    #expect(direct.stdout.hasSuffix("MARKER\n"))
  }
}
