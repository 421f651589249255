import Foundation

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

  /// - Parameters:
  ///   - decoder: turns the parsed property list into task entries.
  ///   - readStandardInput: reads the input named `-`; nil reads descriptor 0.
  public init(decoder: TaskListDecoder = .init(), readStandardInput: (@Sendable () throws -> Data)? = nil) {
    self.decoder = decoder
    self.readStandardInput = readStandardInput
  }

  /// Loads one task list: a path, or `-` for standard input.
  ///
  /// - Throws: ``TaskListError``: `.notFound` when the file cannot be read
  ///   (missing, a directory, no permission), `.systemLimit` when no
  ///   descriptor or memory is left to read it, else as
  ///   ``TaskListDecoder/decode(_:file:)``.
  public func load(_ path: String) throws(TaskListError) -> [TaskEntry] {
    if path == "-" {
      guard let readStandardInput else { return try load(descriptor: 0, file: path) }
      let data: Data
      do {
        data = try readStandardInput()
      } catch InputReader.Failure.tooLarge {
        throw TaskListError.tooLarge(path, limit: InputReader.limit)
      } catch InputReader.Failure.unreadable(let reason) {
        throw TaskListError(.notFound, file: path, message: "cannot be read (\(reason))")
      } catch {
        throw TaskListError(.notFound, file: path, message: "cannot be read (\(TaskListDecoder.reason(error)))")
      }
      return try decoder.decode(data, file: path)
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { throw TaskListError(.notFound, file: path, message: "no such file") }
      throw TaskListError.unreadable(path, errno: errno)
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      throw TaskListError(.notFound, file: path, message: "is a directory, not a task list")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw TaskListError.unreadable(path, errno: errno) }
    defer { close(descriptor) }
    return try load(descriptor: descriptor, file: path)
  }

  /// A regular file (at its start) is streamed from its size; anything
  /// else (a pipe, a FIFO, a device, `<(…)`) is read as a stream.
  private func load(descriptor: Int32, file: String) throws(TaskListError) -> [TaskEntry] {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw TaskListError.unreadable(file, errno: errno) }
    guard info.st_mode & S_IFMT == S_IFREG, lseek(descriptor, 0, SEEK_CUR) == 0 else {
      return try decoder.decode(stream: descriptor, file: file)
    }
    guard Int(info.st_size) <= InputReader.limit else { throw TaskListError.tooLarge(file, limit: InputReader.limit) }
    return try decoder.decode(descriptor: descriptor, size: Int(info.st_size), file: file)
  }
}
