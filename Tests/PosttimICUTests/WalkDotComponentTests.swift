import Foundation
import Testing

@testable import PosttimICU

/// A `.` component names the folder it stands in; after a file it names
/// nothing (ENOTDIR), as the kernel reads it. Were it skipped,
/// `tasks.plist/.` would be read as `tasks.plist` while `stat(2)` of the
/// same text fails, and the output check, which compares what the names
/// lead to, would let `-o tasks.plist` replace the list.
@Suite("Path walk: '.' after a file or a folder")
struct WalkDotComponentTests {
  @Test(
    "'.' after a file is Not a directory, as open(2) says; after a folder it is the folder",
    arguments: [
      ("file/.", ENOTDIR), ("file/./", ENOTDIR), ("folder/./file/.", ENOTDIR), ("file/..", ENOTDIR),
      ("folder/.", 0), ("./folder/./file", 0), ("folder/./.", 0), (".", 0),
    ])
  func dotComponent(path: String, error: Int32) throws {
    let base = FileManager.default.temporaryDirectory.appending(path: "posttim-walk-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base.appending(path: "folder"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    try Data("x".utf8).write(to: base.appending(path: "file"))
    try Data("y".utf8).write(to: base.appending(path: "folder/file"))
    let kernel = open(base.path + "/" + path, O_RDONLY | O_CLOEXEC)
    let kernelError = kernel >= 0 ? 0 : errno
    if kernel >= 0 { close(kernel) }
    #expect(kernelError == error)
    let walked = try ProtectedLinkWalk.walk(base.path + "/" + path)
    walked.closeDescriptor()
    #expect(walked.error == error)
    #expect((walked.descriptor >= 0) == (error == 0))
  }
}
