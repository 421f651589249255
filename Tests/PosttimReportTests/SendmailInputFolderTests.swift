import Foundation
import Testing

@testable import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// Where the kernel refuses a memfd, sendmail's message is an unnamed
/// `O_TMPFILE` file in `TMPDIR`: never given a name there, and the folder
/// reached only through the caller's and root's links (security.md).
@Suite("Sendmail input in a folder")
struct SendmailInputFolderTests {
  func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appending(path: "posttim-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
  }

  @Test("the file has no name in the folder: nothing is listed, no link counts it")
  func unnamed() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let descriptor = try SendmailInput.unnamedFile(in: folder)
    defer { close(descriptor) }
    var info = stat()
    #expect(fstat(descriptor, &info) == 0)
    #expect(info.st_nlink == 0)
    #expect(info.st_mode & S_IFMT == S_IFREG)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test("a missing folder is named with the reason; nothing was sent")
  func missingFolder() {
    let expected = SendmailDelivery.Failure(
      message:
        "cannot send: cannot create a temporary file in /nonexistent (No such file or directory); nothing was sent")
    #expect(throws: expected) { _ = try SendmailInput.unnamedFile(in: "/nonexistent") }
  }

  @Test(
    "another user's link in a sticky folder is not followed; nothing is made where it points",
    .enabled(if: geteuid() == 0, "needs root to chown"))
  func strangersLink() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let shared = folder + "/shared"
    let target = folder + "/target"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    #expect(chmod(shared, 0o1777) == 0)
    let link = shared + "/tmpl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(lchown(link, 4247, 4247) == 0)
    let expected = SendmailDelivery.Failure(
      message: "cannot send: cannot create a temporary file in \(link) (not following \(link): a symbolic link of uid "
        + "4247, neither yours nor root's (a write follows no other)); nothing was sent")
    #expect(throws: expected) { _ = try SendmailInput.unnamedFile(in: link) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
  }
}
