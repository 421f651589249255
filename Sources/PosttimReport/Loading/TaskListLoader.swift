import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads task lists from files or standard input, never modifying them.
public struct TaskListLoader: Sendable {
  /// Turns the parsed property list into task entries.
  public let decoder: TaskListDecoder
  /// Reads standard input; injectable so tests and the CLI core can feed it.
  public let readStandardInput: @Sendable () throws -> Data

  /// - Parameters:
  ///   - decoder: turns the parsed property list into task entries.
  ///   - readStandardInput: reads the input named `-`.
  public init(
    decoder: TaskListDecoder = .init(),
    readStandardInput: @escaping @Sendable () throws -> Data = { try InputReader.standardInput() }
  ) {
    self.decoder = decoder
    self.readStandardInput = readStandardInput
  }

  /// Loads one task list: a path, or `-` for standard input.
  ///
  /// - Throws: ``TaskListError``: `.notFound` when the file cannot be read
  ///   (missing, a directory, no permission), else as
  ///   ``TaskListDecoder/decode(_:file:)``.
  public func load(_ path: String) throws(TaskListError) -> [TaskEntry] {
    let data: Data
    do {
      if path != "-", let file = try openRegularFile(path) {
        defer { close(file.descriptor) }
        return try decoder.decode(descriptor: file.descriptor, size: file.size, file: path)
      }
      data = try path == "-" ? readStandardInput() : read(path)
    } catch let error as TaskListError {
      throw error
    } catch InputReader.Failure.tooLarge {
      throw TaskListError(.invalid, file: path, message: "is larger than 1 GiB; not a task list this tool reads")
    } catch InputReader.Failure.unreadable(let reason) {
      throw TaskListError(.notFound, file: path, message: "cannot be read (\(reason))")
    } catch {
      throw TaskListError(.notFound, file: path, message: "cannot be read (\(TaskListDecoder.reason(error)))")
    }
    return try decoder.decode(data, file: path)
  }

  /// A regular file opened for streaming, or nil for anything else (read
  /// whole by ``read(_:)``).
  private func openRegularFile(_ path: String) throws -> (descriptor: Int32, size: Int)? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    guard Int(info.st_size) <= InputReader.limit else { throw InputReader.Failure.tooLarge }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputReader.Failure.unreadable(String(cString: strerror(errno))) }
    return (descriptor, Int(info.st_size))
  }

  /// A named input that is not a regular file: a FIFO, `<(…)`, /dev/stdin,
  /// read to its end.
  private func read(_ path: String) throws -> Data {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw TaskListError(
        .notFound, file: path,
        message: errno == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      throw TaskListError(.notFound, file: path, message: "is a directory, not a task list")
    default:
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw InputReader.Failure.unreadable(String(cString: strerror(errno))) }
      defer { close(descriptor) }
      return try InputReader.readAll(descriptor: descriptor)
    }
  }
}
