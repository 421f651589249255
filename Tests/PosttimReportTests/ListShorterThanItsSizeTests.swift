import Foundation
@testable import PosttimReport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A sysfs file as the list (its size says 4096, it holds a line) was
/// refused as "changed while it was read (4096 bytes when opened, 4096
/// now)", which contradicts itself: such a file is read for what it holds,
/// and the parser decides; a file found short of a size it still has is
/// said to be so.
@Suite("A list that holds fewer bytes than its size says")
struct ListShorterThanItsSizeTests {
  static let pseudoFile = "/sys/kernel/mm/transparent_hugepage/enabled"

  /// Whether ``pseudoFile`` is there, and holds fewer bytes than its size.
  static var sysfsFileIsShort: Bool {
    var info = stat()
    guard stat(pseudoFile, &info) == 0, let content = FileManager.default.contents(atPath: pseudoFile) else {
      return false
    }
    return content.count < Int(info.st_size)
  }

  @Test(
    "a sysfs file is read for what it holds: the parser refuses its text",
    .enabled(if: ListShorterThanItsSizeTests.sysfsFileIsShort, "needs a sysfs file shorter than its size"))
  func sysfsFileReadWhole() {
    #expect(throws: TaskListDecoder.notXMLOrBinary(Self.pseudoFile)) { try TaskListLoader().load(Self.pseudoFile) }
  }

  @Test("a file read short of a size it still has is said to be so, not to have the same size twice")
  func shortOfAnUnchangedSize() throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "short-\(UUID().uuidString).plist").path
    try Data(repeating: 0x20, count: 10).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let shortRead = "changed while it was read (10 bytes when opened and now, fewer while it was read)"
    #expect(throws: TaskListError(.unreadable, file: "x.plist", message: shortRead)) {
      try TaskListDecoder.checkUnchanged(descriptor: descriptor, size: 10, read: 4, file: "x.plist")
    }
    let otherSize = "changed while it was read (12 bytes when opened, 10 now)"
    #expect(throws: TaskListError(.unreadable, file: "x.plist", message: otherSize)) {
      try TaskListDecoder.checkUnchanged(descriptor: descriptor, size: 12, read: 10, file: "x.plist")
    }
  }
}
