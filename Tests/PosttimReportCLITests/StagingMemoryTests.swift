import Foundation
import PosttimReport
import Testing

@testable import PosttimReportCLI

#if canImport(Glibc)
  import Glibc
#endif

/// A staged report's first bytes are kept in memory and the rest in the
/// staging file at the same offsets: standard output gets them whole and in
/// order wherever the report ends, and the memory's pages are handed back
/// as they are written out.
@Suite("Staging a report's first bytes in memory")
struct StagingMemoryTests {
  /// An empty file open for writing, removed by the caller.
  static func outputFile() throws -> (descriptor: Int32, path: String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("staging-memory-\(UUID().uuidString)").path
    let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    return (descriptor, path)
  }

  @Test(
    "a report reaches standard output whole, in order, ending before, at or after the memory's end",
    arguments: [100, 3 << 20, (3 << 20) + 1, (3 << 20) + StagedPagesRelease.pieceLength + 12_345])
  func reportReachesOutputWhole(length: Int) throws {
    let bytes = StagedCopyTests.pattern(length)
    let (output, path) = try Self.outputFile()
    defer {
      close(output)
      unlink(path)
    }
    let head = try #require(StagingMemory.make(capacity: 3 << 20))
    try StagedStandardOutput.staged(
      { staged in
        // Small writes (buffered), then one of more than a buffer (written
        // as it is) that crosses the memory's end when the report does.
        let split = min(length, 10_000)
        bytes.withUnsafeBufferPointer { all in
          for start in stride(from: 0, to: split, by: 1_000) {
            staged.write(validUTF8: UnsafeBufferPointer(rebasing: all[start..<min(start + 1_000, split)]))
          }
          staged.write(validUTF8: UnsafeBufferPointer(rebasing: all[split...]))
        }
      }, to: output, head: head)

    #expect(lseek(output, 0, SEEK_CUR) == off_t(length))
    #expect(try #require(FileManager.default.contents(atPath: path)) == Data(bytes))
    #expect(head.count == min(length, 3 << 20))
  }

  @Test("the memory's pages are handed back once written out (they read as zeros)")
  func pagesHandedBack() throws {
    let bytes = StagedCopyTests.pattern(3 << 20)
    let head = try #require(StagingMemory.make(capacity: 3 << 20))
    #expect(bytes.withUnsafeBytes { head.append($0) } == bytes.count)
    #expect(bytes.withUnsafeBytes { head.append($0) } == 0)
    #expect(Array(head.bytes) == bytes)
    let (output, path) = try Self.outputFile()
    defer {
      close(output)
      unlink(path)
    }
    var written = FileDescriptorOutput(descriptor: output, name: "<stdout>")
    head.write(to: &written, pieceLength: 1 << 20)
    try written.finish()

    #expect(try #require(FileManager.default.contents(atPath: path)) == Data(bytes))
    #expect(head.bytes.allSatisfy { $0 == 0 })
  }
}
