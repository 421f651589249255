import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

extension TaskListDecoder {
  /// A stream up to this size is held and read as a whole, through the fast
  /// paths a file gets; a longer XML stream is fed to expat as it comes.
  static let streamHeldWhole = 16 << 20

  /// Decodes the task list a stream sends (standard input, a pipe, a FIFO,
  /// a device), read to its end within ``InputReader/limit``.
  ///
  /// The first bytes decide: anything that cannot start a property list
  /// (`/dev/zero`) is refused at once. Up to 16 MiB is held and decoded as
  /// ``decode(_:file:)`` would; past that, an XML list is parsed by expat as
  /// it arrives, so memory stays bounded however long the stream is, and a
  /// binary list (whose offset table is at its end) is held up to the limit.
  /// - Throws: as ``decode(_:file:)``; `.invalid` past the limit,
  ///   `.systemLimit` when memory is refused, `.notFound` when a read fails.
  ///
  /// Under a memory limit, `memory` is checked before each MiB is read
  /// (``StreamMemoryGuard``): past what the limit leaves, `.systemLimit`.
  public func decode(stream descriptor: Int32, file: String, memory: StreamMemoryGuard? = nil) throws(TaskListError)
    -> [TaskEntry]
  {
    try decode(
      stream: descriptor, file: file, limit: InputReader.limit, heldWhole: Self.streamHeldWhole, memory: memory)
  }

  func decode(stream descriptor: Int32, file: String, limit: Int, heldWhole: Int, memory: StreamMemoryGuard? = nil)
    throws(TaskListError) -> [TaskEntry]
  {
    let buffer = StreamBuffer(limit: limit)
    // Held bytes are all still to decode; checked a MiB ahead, not per read.
    var checked = 0
    func admit(_ next: Int) throws(TaskListError) {
      guard let memory, buffer.count + next > checked else { return }
      checked = buffer.count + max(next, 1 << 20)
      try memory.check(total: checked, undecoded: checked, file: file)
    }
    do {
      var ended = false
      while !ended, buffer.count < 64 { ended = try buffer.read(from: descriptor, atMost: 64 - buffer.count) == 0 }
      let binary = try buffer.withBytes { (head) throws(TaskListError) -> Bool in
        try Self.checkStart(head, file: file)
        return head.starts(with: "bplist".utf8)
      }
      while !ended, binary || buffer.count < heldWhole {
        // XML need not be held whole: past what the limit leaves for holding
        // it, it is read as it comes, checked by what it keeps.
        if !binary, (try? admit(1 << 16)) == nil { break }
        try admit(1 << 16)
        ended = try buffer.read(from: descriptor, atMost: 1 << 16) == 0
        guard buffer.count <= limit else { throw TaskListError.tooLarge(file, limit: limit) }
      }
      if ended { return try decode(buffer.takeData(), file: file) }
    } catch let error as TaskListError {
      throw error
    } catch let failure as StreamBuffer.Failure {
      throw TaskListError(failure, file: file)
    } catch {
      throw TaskListError(.notFound, file: file, message: "cannot be read (\(error))")
    }
    let reader = XMLPlistReader(file: file)
    let held = buffer.count
    try buffer.withBytes { (bytes) throws(TaskListError) in
      try reader.parse(UnsafeRawBufferPointer(bytes), final: false)
    }
    _ = buffer.takeData()
    try reader.parse(descriptor: descriptor, limit: limit, alreadyRead: held, memory: memory)
    return reader.tasks
  }
}
