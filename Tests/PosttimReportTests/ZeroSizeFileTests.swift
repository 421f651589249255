import Foundation
import PosttimReport
import Testing

/// A file whose size says 0 may still have content (procfs, sysfs): it is
/// read to its end, as a pipe is, and only one with nothing in it is
/// called empty.
@Suite("Loader: a file of size 0 with content")
struct ZeroSizeFileTests {
  func refusal(_ path: String) -> String? {
    do {
      _ = try TaskListLoader().load(path)
      return nil
    } catch {
      return error.description
    }
  }

  @Test(
    "a /proc file is read: not a property list, not empty",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/version")))
  func procFile() {
    #expect(refusal("/proc/version") == "/proc/version: not an XML or binary property list")
  }

  @Test("a regular file with nothing in it is still empty")
  func emptyFile() throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "empty-\(UUID().uuidString).plist").path
    FileManager.default.createFile(atPath: path, contents: Data())
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(refusal(path) == "\(path): is empty, not a property list")
  }
}
