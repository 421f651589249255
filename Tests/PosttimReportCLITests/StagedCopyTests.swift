import Foundation
import Testing

@testable import PosttimReportCLI

#if canImport(Glibc)
  import Glibc
#endif

/// A staged report reaches standard output whole, at its offset, with the
/// offset left after it, and the staging file's pages are freed as they
/// are copied (a hole reads as zeros): a long report is copied in pieces
/// while a helper frees the pieces behind the copy.
@Suite("Copying a staged report to standard output")
struct StagedCopyTests {
  /// `count` bytes, none zero, that differ from one 4 KiB page to the next.
  static func pattern(_ count: Int) -> [UInt8] {
    let page = (0..<4_096).map { UInt8(1 + $0 % 251) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + page.count)
    var number = 0
    while bytes.count < count {
      bytes += page
      bytes[bytes.count - page.count] = UInt8(1 + number % 255)
      number += 1
    }
    return Array(bytes.prefix(count))
  }

  /// Reads `reader` to its end on a thread of its own (not a task: the
  /// writing test blocks its own, and the pool may have no other free),
  /// after `delay` seconds; the returned closure waits for what was read.
  static func reading(_ reader: Int32, after delay: Int = 0) -> () -> [UInt8] {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var received: [UInt8] = []
    let thread = Thread {
      var pause = timespec(tv_sec: 0, tv_nsec: delay * 1_000_000)
      nanosleep(&pause, nil)
      received = readAll(reader)
      done.signal()
    }
    thread.start()
    return {
      done.wait()
      return received
    }
  }

  /// Everything read from `reader` until its end.
  static func readAll(_ reader: Int32) -> [UInt8] {
    var all: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress!, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return all }
      all += chunk.prefix(count)
    }
  }

  /// A staging file holding `bytes`.
  static func stage(_ bytes: [UInt8]) throws -> Int32 {
    let stage = try #require(StagedStandardOutput.stagingFile())
    let written = bytes.withUnsafeBytes { write(stage, $0.baseAddress!, $0.count) }
    #expect(written == bytes.count)
    return stage
  }

  @Test(
    "every byte reaches a file after what it held; the copied pages are freed",
    arguments: [100, StagedPagesRelease.pieceLength - 1, 2 * StagedPagesRelease.pieceLength + 4_097])
  func copyReachesTheFileWhole(length: Int) throws {
    let bytes = Self.pattern(length)
    let stage = try Self.stage(bytes)
    defer { close(stage) }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("staged-copy-\(UUID().uuidString)").path
    defer { unlink(path) }
    let output = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    try #require(output >= 0)
    defer { close(output) }
    let head = Array("before\n".utf8)
    #expect(head.withUnsafeBytes { write(output, $0.baseAddress!, $0.count) } == head.count)

    try StagedStandardOutput.copy(stage, length: length, to: output)

    #expect(lseek(output, 0, SEEK_CUR) == off_t(head.count + length))
    let file = try #require(FileManager.default.contents(atPath: path))
    #expect(file.count == head.count + length)
    #expect(Array(file.prefix(head.count)) == head)
    #expect(Array(file.dropFirst(head.count)) == bytes)
    // The whole pieces copied are holes in the stage now; the rest is as staged.
    let freed = length / StagedPagesRelease.pieceLength * StagedPagesRelease.pieceLength
    var staged = [UInt8](repeating: 0xFF, count: length)
    #expect(staged.withUnsafeMutableBytes { pread(stage, $0.baseAddress!, $0.count, 0) } == length)
    #expect(staged.prefix(freed).allSatisfy { $0 == 0 })
    #expect(Array(staged.dropFirst(freed)) == Array(bytes.dropFirst(freed)))
  }

  @Test("a report longer than a piece reaches a pipe whole")
  func copyReachesAPipeWhole() throws {
    let length = StagedPagesRelease.pieceLength + 12_345
    let bytes = Self.pattern(length)
    let stage = try Self.stage(bytes)
    defer { close(stage) }
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let reader = ends[0]
    let received = Self.reading(reader)
    try StagedStandardOutput.copy(stage, length: length, to: ends[1])
    close(ends[1])
    #expect(received() == bytes)
    close(reader)
  }
}
