import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Files read as data follow only the caller's and root's symbolic links,
/// in a sticky world-writable folder too: another user's link there would
/// make a root run read a file of root's, and echo its content in an error
/// (``ReadLinkOwnerTests``: in a folder of the link's owner).
@Suite("Input links: another user's in a sticky folder", .enabled(if: geteuid() == 0, "needs root to chown links"))
struct InputLinkRuleTests {
  static let stranger: uid_t = 4247

  /// A root-only file, a sticky world-writable folder, and the stranger's link there to the file.
  func planted(_ name: String) throws -> (root: URL, link: String) {
    let (root, shared) = try stickyFolder()
    let secret = root.appending(path: "secret").path
    try "SECRET2\n".write(toFile: secret, atomically: false, encoding: .utf8)
    #expect(chmod(secret, 0o600) == 0)
    let link = shared.appending(path: name).path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: secret)
    #expect(lchown(link, Self.stranger, Self.stranger) == 0)
    return (root, link)
  }

  func refusal(_ link: String) -> String {
    "not following \(link): a symbolic link of uid 4247, neither yours nor root's (a file read as data follows no other)"
  }

  @Test("a task list through another user's link there: 66 naming the link, the file not read")
  func taskList() throws {
    let (root, link) = try planted("in2.plist")
    defer { try? FileManager.default.removeItem(at: root) }
    expectRun(
      arguments: [link], exit: .noInput, stderr: ["posttim-report: error: \(link): cannot be read (\(refusal(link)))"])
  }

  @Test("a --template through another user's link there: 66 naming the link, the file not read")
  func template() throws {
    let (root, link) = try planted("agenda.mustache")
    defer { try? FileManager.default.removeItem(at: root) }
    let run = expectRun(arguments: [TestPaths.example.path, "--template", link], exit: .noInput)
    #expect(run.stderr.count == 1)
    #expect(run.stderr.first?.contains(refusal(link)) == true, "\(run.stderr)")
    #expect(!run.stderr.joined().contains("SECRET2"))
    #expect(!run.stdout.contains("SECRET2"))
  }

  @Test("the caller's own link there is followed")
  func ownLink() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let link = shared.appending(path: "mine.plist").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: TestPaths.example.path)
    let run = expectRun(arguments: [link, "-f", "csv"], exit: .success)
    #expect(run.stdout.hasPrefix("date,tache"))
  }
}
