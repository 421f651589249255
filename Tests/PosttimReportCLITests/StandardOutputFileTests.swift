import Foundation
import PosttimReport
import TestSupport
import Testing

@testable import PosttimReportCLI

#if canImport(Glibc)
  import Glibc
#endif

/// A report copied to standard output leaves a regular file as it was
/// unless the whole report reaches it, and a standard output another
/// program left non-blocking gets the whole report: nothing cut short.
@Suite("A staged report's copy to standard output's file or pipe")
struct StandardOutputFileTests {
  @Test("a failed copy is cut back to what the file held, and the offset put back")
  func cutBackRestoresTheFile() throws {
    let (descriptor, path) = try StagingMemoryTests.outputFile()
    defer {
      close(descriptor)
      unlink(path)
    }
    let before = Array("kept\n".utf8)
    #expect(before.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) } == before.count)
    let file = try #require(StandardOutputFile(descriptor))
    #expect(file.start == off_t(before.count))
    let partial = [UInt8](repeating: 0x41, count: 70_000)
    #expect(partial.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) } == partial.count)

    file.cutBack()

    #expect(try #require(FileManager.default.contents(atPath: path)) == Data(before))
    #expect(lseek(descriptor, 0, SEEK_CUR) == off_t(before.count))
  }

  @Test("a report written over what the file holds (1<>, an offset mid-file) is not cut back: nothing more is lost")
  func overwriteNotCutBack() throws {
    let (descriptor, path) = try StagingMemoryTests.outputFile()
    defer {
      close(descriptor)
      unlink(path)
    }
    let held = [UInt8](repeating: 0x2E, count: 50_000)
    #expect(held.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) } == held.count)
    #expect(lseek(descriptor, 700, SEEK_SET) == 700)
    let file = try #require(StandardOutputFile(descriptor))
    let partial = [UInt8](repeating: 0x41, count: 1_000)
    #expect(partial.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) } == partial.count)

    file.cutBack()

    let expected = Array(held[..<700]) + partial + Array(held[1_700...])
    #expect(try #require(FileManager.default.contents(atPath: path)) == Data(expected))
  }

  @Test("a pipe is not a file to cut back")
  func pipeIsNoFile() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    #expect(StandardOutputFile(ends[1]) == nil)
  }

  @Test("a non-blocking pipe read late gets the whole report, across the memory's end")
  func nonBlockingPipeGetsItAll() throws {
    let bytes = StagedCopyTests.pattern((3 << 20) + 500_000)
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let (reader, writer) = (ends[0], ends[1])
    #expect(fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) == 0)
    // Read once the pipe is full and the run's writes would fail.
    let received = StagedCopyTests.reading(reader, after: 200)
    let head = try #require(StagingMemory.make(capacity: 3 << 20))
    try bytes.withUnsafeBufferPointer { all in
      try StagedStandardOutput.staged({ $0.write(validUTF8: all) }, to: writer, head: head)
    }
    close(writer)
    #expect(received() == bytes)
    close(reader)
  }
}

/// Under `ulimit -f`, a report appended (`>>`) after what standard
/// output's file holds is refused before a byte is copied when the two
/// together pass the limit: the file is left as it was.
@Suite(
  "A report appended to standard output's file under a file-size limit",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StandardOutputAppendLimitTests {
  @Test("74 naming the bytes the file holds and the limit; the file unchanged")
  func appendPastTheLimitRefused() throws {
    let arguments = [
      TestPaths.example.path, "--now", "2026-11-01T00:00:00Z", "-z", "UTC", "-l", "en_CA", "--from", "1900-01-01",
      "-f", "csv",
    ]
    let report = try LimitedRun.run(":", arguments)
    try #require(report.status == 0)
    let length = report.stdout.utf8.count
    // 8 blocks of 512 bytes: the report fits alone, not after 4,000 bytes.
    try #require(length < 4_096 && length + 4_000 > 4_096)
    let (descriptor, path) = try StagingMemoryTests.outputFile()
    close(descriptor)
    defer { unlink(path) }
    let held = Data(repeating: 0x2E, count: 4_000)
    try held.write(to: URL(fileURLWithPath: path))

    let result = try LimitedRun.run("ulimit -f 8\nexec >> '\(path)'", arguments)

    #expect(result.status == 74)
    #expect(
      result.stderr
        == "posttim-report: error: <stdout>: write failed (the report (\(length) bytes) after the 4000 bytes its file "
        + "holds is larger than the file-size limit (ulimit -f, 4096 bytes); nothing was printed: raise the limit)\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == held)
  }
}
