import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Reads task lists from files or standard input, never modifying them.
public struct TaskListLoader: Sendable {
  /// Turns the parsed property list into task entries.
  public let decoder: TaskListDecoder
  /// Reads standard input whole; injectable so tests and the CLI core can
  /// feed it. Nil: descriptor 0 is read like any other input, a file
  /// streamed, a pipe within the size limit (``TaskListDecoder/decode(stream:file:)``).
  public let readStandardInput: (@Sendable () throws -> Data)?
  /// The memory check a stream passes as it is read (a file is checked
  /// from its size before); nil: none.
  public let streamMemory: StreamMemoryGuard?
  /// Why only a regular file is read, or nil to read pipes too. A roster
  /// reader's list: its owner could stall the whole run with a FIFO.
  public let regularOnly: String?

  /// - Parameters:
  ///   - decoder: turns the parsed property list into task entries.
  ///   - readStandardInput: reads the input named `-`; nil reads descriptor 0.
  ///   - streamMemory: checked before each MiB of a stream is read.
  ///   - regularOnly: why a FIFO or socket is refused (not opened); nil
  ///     reads it.
  public init(
    decoder: TaskListDecoder = .init(), readStandardInput: (@Sendable () throws -> Data)? = nil,
    streamMemory: StreamMemoryGuard? = nil, regularOnly: String? = nil
  ) {
    self.decoder = decoder
    self.readStandardInput = readStandardInput
    self.streamMemory = streamMemory
    self.regularOnly = regularOnly
  }

  /// Loads one task list: a path, or `-` for standard input.
  ///
  /// - Throws: ``TaskListError``: `.notFound` when the file cannot be read
  ///   (missing, a directory or a device, no permission), `.invalid` for
  ///   a pipe under ``regularOnly``, `.systemLimit`
  ///   when no memory is left to read it, else as
  ///   ``TaskListDecoder/decode(_:file:)``.
  public func load(_ path: String) throws(TaskListError) -> [TaskEntry] {
    do {
      guard path != "-" else {
        guard let readStandardInput else { return try load(standardInput: 0) }
        return try decoder.decode(readStandardInput(), file: path)
      }
      let file = try DataFile.open(path, regularOnly: regularOnly != nil, as: .taskList)
      defer { close(file.descriptor) }
      switch file.kind {
      case .regular: return try load(regular: file.descriptor, opened: file.info, file: path)
      case .pipe where regularOnly != nil:
        throw TaskListError(.invalid, file: path, message: "is \(file.what); \(regularOnly ?? "")")
      case .pipe:
        if let reason = OwnWriteEnd.refusal(file.info) { throw TaskListError(.notFound, file: path, message: reason) }
        return try decoder.decode(stream: file.descriptor, file: path, memory: streamMemory)
      case .nullDevice, .other:
        throw TaskListError(.notFound, file: path, message: "is \(file.what), not a task list")
      }
    } catch let error as TaskListError {
      throw error
    } catch InputReader.Failure.tooLarge {
      throw TaskListError.tooLarge(path, limit: InputReader.limit)
    } catch InputReader.Failure.unreadable(let reason) {
      throw TaskListError(.notFound, file: path, message: "cannot be read (\(reason))")
    } catch DataFile.Failure.notFound {
      throw TaskListError(.notFound, file: path, message: "no such file")
    } catch DataFile.Failure.unreadable(let reason) {
      throw TaskListError(.notFound, file: path, message: "cannot be read (\(reason))")
    } catch {
      throw TaskListError(.notFound, file: path, message: "cannot be read (\(error))")
    }
  }

  /// A regular file is streamed from its size. One of size 0 is read as a
  /// stream, to its end: a file of procfs or sysfs has content all the same.
  private func load(regular descriptor: Int32, opened info: stat, file: String) throws(TaskListError) -> [TaskEntry] {
    let size = Int(info.st_size)
    guard size <= InputReader.limit else { throw TaskListError.tooLarge(file, limit: InputReader.limit) }
    if size == 0 { return try decoder.decode(stream: descriptor, file: file, memory: streamMemory) }
    return try decoder.decode(descriptor: descriptor, size: size, modified: info.st_mtim, file: file)
  }

  /// Standard input: a regular file at its start is streamed as a named
  /// one; anything else (a pipe, a terminal, `/dev/zero`) is read as a
  /// stream, which refuses at its first bytes what cannot be a task list.
  private func load(standardInput descriptor: Int32) throws(TaskListError) -> [TaskEntry] {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw TaskListError.unreadable("-", errno: errno) }
    if info.st_mode & S_IFMT == S_IFREG, lseek(descriptor, 0, SEEK_CUR) == 0 {
      return try load(regular: descriptor, opened: info, file: "-")
    }
    if let reason = OwnWriteEnd.refusal(info, reading: descriptor) {
      throw TaskListError(.notFound, file: "-", message: reason)
    }
    return try decoder.decode(stream: descriptor, file: "-", memory: streamMemory)
  }
}
