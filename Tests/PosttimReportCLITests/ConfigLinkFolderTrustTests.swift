import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The config file's trust rule covers the folders of the links on its
/// path too: whoever owns a link's folder can point the link elsewhere,
/// so a trusted file reached through another user's folder is refused.
@Suite("Config file trust: the folders of links", .enabled(if: geteuid() == 0, "needs root to chown"))
struct ConfigLinkFolderTrustTests {
  static let stranger: uid_t = 4246

  @Test("a link in another user's folder, to a trusted file: 78 naming the link and its folder")
  func linkInStrangersFolder() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let shared = root.appending(path: "shared")
    let theirs = shared.appending(path: "mdir")
    try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
    #expect(chmod(shared.path, 0o1777) == 0)
    #expect(chown(theirs.path, Self.stranger, Self.stranger) == 0)
    let good = root.appending(path: "good.conf").path
    try "format = csv\n".write(toFile: good, atomically: false, encoding: .utf8)
    #expect(chmod(good, 0o600) == 0)
    // Theirs, as the kernel's rule allows (the folder's owner's link), and root's own there.
    for owner in [Self.stranger, 0] {
      let link = theirs.appending(path: "good-\(owner).conf").path
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: good)
      #expect(lchown(link, owner, owner) == 0)
      expectRun(
        arguments: ["--config", link, TestPaths.example.path], exit: .configuration,
        stderr: [
          "posttim-report: error: \(link): config file not trusted: the link \(link): its folder \(theirs.path) "
            + "belongs to uid 4246, not to you or root"
        ])
    }
  }
}
