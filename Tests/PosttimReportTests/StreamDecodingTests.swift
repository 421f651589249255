import Foundation
import Testing
import TestSupport

@testable import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// Task lists read from a pipe (``TaskListDecoder/decode(stream:file:)``):
/// held and decoded whole when short, parsed by expat as they come when
/// long, and refused at the size limit or at first bytes that cannot start
/// a property list. Small limits stand in for 1 GiB and 16 MiB.
@Suite("Task lists from a stream")
struct StreamDecodingTests {
  /// Decodes `bytes` written into a pipe by another thread; whatever the
  /// decoder left unread is drained, so the writer never meets a closed pipe.
  func decode(_ bytes: Data, limit: Int = 1 << 20, heldWhole: Int = 1 << 16) throws(TaskListError) -> [TaskEntry] {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    let (reading, writing) = (ends[0], ends[1])
    let writer = Thread {
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let written = write(writing, raw.baseAddress! + offset, raw.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      close(writing)
    }
    writer.start()
    defer {
      var sink = [UInt8](repeating: 0, count: 1 << 16)
      while sink.withUnsafeMutableBytes({ read(reading, $0.baseAddress, $0.count) }) > 0 {}
      close(reading)
    }
    return try TaskListDecoder().decode(stream: reading, file: "-", limit: limit, heldWhole: heldWhole)
  }

  func titles(_ tasks: [TaskEntry]) -> [String] { tasks.map(\.title) }

  @Test("the shipped example, XML and binary, held whole and streamed past the held size: the file's tasks")
  func example() throws {
    for url in [TestPaths.example, TestPaths.exampleBinary] {
      let bytes = try Data(contentsOf: url)
      let expected = try TaskListLoader().load(url.path)
      #expect(titles(try decode(bytes)) == titles(expected), "\(url.lastPathComponent), held")
      #expect(titles(try decode(bytes, heldWhole: 256)) == titles(expected), "\(url.lastPathComponent), streamed")
    }
  }

  @Test("past the limit: 'is larger than 1 MiB', for XML read as it comes and for binary held")
  func limit() throws {
    let blanks = Data(repeating: UInt8(ascii: " "), count: 2 << 20)
    let xml = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>"#.utf8) + blanks
    let binary = Data("bplist00".utf8) + blanks
    for bytes in [xml, binary] {
      #expect(
        throws: TaskListError(.invalid, file: "-", message: "is larger than 1 MiB; not a task list this tool reads")
      ) {
        try decode(bytes)
      }
    }
  }

  @Test("zeros, an empty stream: refused at the first bytes")
  func firstBytes() throws {
    #expect(throws: TaskListError(.unreadable, file: "-", message: "not an XML or binary property list")) {
      try decode(Data(count: 4 << 20))
    }
    #expect(throws: TaskListError(.unreadable, file: "-", message: "is empty, not a property list")) {
      try decode(Data())
    }
  }
}
