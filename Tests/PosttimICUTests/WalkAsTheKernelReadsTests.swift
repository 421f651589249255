import Foundation
import Testing

@testable import PosttimICU

/// A `.` component names the folder it stands in; after a file it names
/// nothing (ENOTDIR), as the kernel reads it. Were it skipped,
/// `tasks.plist/.` would be read as `tasks.plist` while `stat(2)` of the
/// same text fails, and the output check, which compares what the names
/// lead to, would let `-o tasks.plist` replace the list.
@Suite("Path walk: names read as the kernel reads them (a dot after a file, PATH_MAX)")
struct WalkAsTheKernelReadsTests {
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

  @Test("a path of PATH_MAX bytes or more is too long, as open(2) says, however few its components")
  func pathMax() throws {
    let base = FileManager.default.temporaryDirectory.appending(path: "posttim-walk-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    try Data("x".utf8).write(to: base.appending(path: "file123"))
    try Data("x".utf8).write(to: base.appending(path: "file1234"))
    let prefix = base.path + "/" + String(repeating: "./", count: (4_088 - base.path.utf8.count - 1) / 2)
    let padded = prefix + String(repeating: "/", count: 4_088 - prefix.utf8.count)
    for (name, error) in [("file123", 0), ("file1234", ENAMETOOLONG)] {
      let path = padded + name
      #expect(path.utf8.count == (error == 0 ? 4_095 : 4_096))
      let kernel = open(path, O_RDONLY | O_CLOEXEC)
      #expect((kernel >= 0 ? 0 : errno) == error)
      if kernel >= 0 { close(kernel) }
      let walked = try ProtectedLinkWalk.walk(path)
      walked.closeDescriptor()
      #expect(walked.error == error)
    }
  }
}
