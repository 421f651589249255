import Foundation
import PosttimParallel
@testable import PosttimReport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A regular file is read with the size it had when it was opened
/// (``TaskListDecoder/decode(descriptor:size:file:)``). When the file is cut
/// or grown before its bytes are read (its owner, or the app rewriting it in
/// place, while a cron run reads it), a binary list is refused, naming the
/// file; a mapped page past the new end ended the run with SIGBUS and no
/// message. The checks that met a signal run in a child process, so a signal
/// fails the test instead of ending the test run.
@Suite("A binary list that changes while it is read")
struct BinaryListChangedWhileReadTests {
  /// The number of tasks in ``list()``.
  static let taskCount = 300

  /// A binary list of distinct tasks, about 20 KB: several pages, with its
  /// offset table and trailer in the last ones.
  static func list() -> Data {
    var plist = BinaryPlistBuilder()
    let tasks = (1...taskCount).map { plist.task(title: "task number \($0)") }
    let root = plist.array(tasks)
    return plist.data(top: root)
  }

  /// ``list()`` written to a new file and opened; `change` then alters the
  /// open file before the decoder reads it with the size it had when opened.
  /// - Returns: that size and what the decoder made of the file.
  static func decode(changedBy change: (Int32) -> Void) throws -> (
    size: Int, result: Result<[TaskEntry], TaskListError>
  ) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "changed-list-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "w.bplist").path
    try list().write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var info = stat()
    try #require(fstat(descriptor, &info) == 0)
    change(descriptor)
    let size = Int(info.st_size)
    return (
      size,
      Result { () throws(TaskListError) in
        try TaskListDecoder().decode(descriptor: descriptor, size: size, file: "w.bplist")
      }
    )
  }

  /// The message for a list of `size` bytes when opened that holds `now`.
  static func changed(_ size: Int, now: Int) -> TaskListError {
    TaskListError(
      .unreadable, file: "w.bplist", message: "changed while it was read (\(size) bytes when opened, \(now) now)")
  }

  @Test("left as it was opened, the list is decoded whole")
  func unchanged() throws {
    let (size, result) = try Self.decode(changedBy: { _ in })
    #expect(size > 4 * 4096)
    let tasks = try result.get()
    #expect(tasks.map(\.title) == (1...Self.taskCount).map { "task number \($0)" })
  }

  @Test("cut to 100 bytes after it was opened: refused, naming the file, not a SIGBUS")
  func cutShort() async {
    await #expect(processExitsWith: .success) {
      let (size, result) = try BinaryListChangedWhileReadTests.decode(changedBy: { _ = ftruncate($0, 100) })
      #expect(result.error == BinaryListChangedWhileReadTests.changed(size, now: 100))
      #expect(result.error?.description == "w.bplist: changed while it was read (\(size) bytes when opened, 100 now)")
    }
  }

  @Test("cut to 10 bytes, inside the first 64 read: the same message, not `cannot be read (Success)`")
  func cutInsideHead() throws {
    let (size, result) = try Self.decode(changedBy: { _ = ftruncate($0, 10) })
    #expect(result.error == Self.changed(size, now: 10))
  }

  @Test("emptied after it was opened: the same message")
  func emptied() async {
    await #expect(processExitsWith: .success) {
      let (size, result) = try BinaryListChangedWhileReadTests.decode(changedBy: { _ = ftruncate($0, 0) })
      #expect(result.error == BinaryListChangedWhileReadTests.changed(size, now: 0))
    }
  }

  @Test("grown after it was opened: refused, its old bytes are no longer the list the file holds")
  func grown() throws {
    let (size, result) = try Self.decode(changedBy: { descriptor in
      let extra = [UInt8](repeating: 0x41, count: 5000)
      _ = extra.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(Self.list().count)) }
    })
    #expect(result.error == Self.changed(size, now: size + 5000))
  }
}

extension BinaryListChangedWhileReadTests {
  @Test("a bus error elsewhere than in the list being read still ends the process with SIGBUS")
  func busErrorElsewhere() async {
    await #expect(processExitsWith: .signal(SIGBUS)) {
      // Reading a list installs the handler.
      _ = try BinaryListChangedWhileReadTests.decode(changedBy: { _ in })
      let path = FileManager.default.temporaryDirectory.appending(path: "bus-\(UUID().uuidString)").path
      try Data(count: 3 * 4096).write(to: URL(fileURLWithPath: path))
      let descriptor = open(path, O_RDWR | O_CLOEXEC)
      unlink(path)
      let map = try #require(mmap(nil, 3 * 4096, PROT_READ, MAP_PRIVATE, descriptor, 0))
      _ = ftruncate(descriptor, 0)
      exit(Int32(map.load(fromByteOffset: 2 * 4096, as: UInt8.self)))
    }
  }
}

extension BinaryListChangedWhileReadTests {
  @Test("a page past the cut touched on a helper thread reads as zeros, and the cut is told")
  func cutSeenOnHelperThread() async {
    await #expect(processExitsWith: .success) {
      let path = FileManager.default.temporaryDirectory.appending(path: "helper-\(UUID().uuidString)").path
      try Data(repeating: 0x41, count: 3 * 4096).write(to: URL(fileURLWithPath: path))
      let descriptor = open(path, O_RDWR | O_CLOEXEC)
      unlink(path)
      let seen = CutProofMapping.read(descriptor: descriptor, size: 3 * 4096) { bytes, _ in
        _ = ftruncate(descriptor, 0)
        // By address: a pointer is not Sendable.
        let address = Int(bitPattern: bytes.baseAddress)
        let byte = Atomic<Int>(-1)
        let done = DispatchSemaphore(value: 0)
        Parallel.async {
          byte.store(Int(UnsafePointer<UInt8>(bitPattern: address)![2 * 4096]), ordering: .sequentiallyConsistent)
          done.signal()
        }
        done.wait()
        return byte.load(ordering: .sequentiallyConsistent)
      }
      #expect(seen?.0 == 0)
      #expect(seen?.cut == true)
    }
  }

  @Test(
    "a list rewritten in place at the same size while it is read is refused, naming the file; an untouched one is read")
  func rewrittenAtSameSize() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "rewritten-list-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "w.bplist").path
    try Self.list().write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var opened = stat()
    try #require(fstat(descriptor, &opened) == 0)
    let size = Int(opened.st_size)
    let decoder = TaskListDecoder()
    #expect(
      try decoder.decode(descriptor: descriptor, size: size, modified: opened.st_mtim, file: "w.bplist").count
        == Self.taskCount)
    // The app writes the same bytes again: same size, a later modification time.
    let bytes = [UInt8](Self.list())
    #expect(bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } == size)
    var later = [
      timespec(tv_sec: opened.st_mtim.tv_sec + 60, tv_nsec: 0),
      timespec(tv_sec: opened.st_mtim.tv_sec + 60, tv_nsec: 0),
    ]
    #expect(futimens(descriptor, &later) == 0)
    #expect(
      throws: TaskListError(
        .unreadable, file: "w.bplist",
        message: "changed while it was read (\(size) bytes when opened and now, written meanwhile)"
      )
    ) {
      try decoder.decode(descriptor: descriptor, size: size, modified: opened.st_mtim, file: "w.bplist")
    }
  }
}

extension Result {
  /// The failure, or nil for a success.
  fileprivate var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
