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
  ///   (missing, a directory or a device, no permission), else as
  ///   ``TaskListDecoder/decode(_:file:)``.
  public func load(_ path: String) throws(TaskListError) -> [TaskEntry] {
    let data: Data
    do {
      guard path != "-" else { return try decoder.decode(readStandardInput(), file: path) }
      let file = try DataFile.open(path)
      defer { close(file.descriptor) }
      switch file.kind {
      case .regular:
        // A regular file is streamed; anything else is read whole.
        guard Int(file.info.st_size) <= InputReader.limit else { throw InputReader.Failure.tooLarge }
        return try decoder.decode(descriptor: file.descriptor, size: Int(file.info.st_size), file: path)
      case .pipe:
        data = try InputReader.readAll(descriptor: file.descriptor)
      case .nullDevice, .other:
        throw TaskListError(.notFound, file: path, message: "is \(file.what), not a task list")
      }
    } catch let error as TaskListError {
      throw error
    } catch InputReader.Failure.tooLarge {
      throw TaskListError(.invalid, file: path, message: "is larger than 1 GiB; not a task list this tool reads")
    } catch InputReader.Failure.unreadable(let reason) {
      throw TaskListError(.notFound, file: path, message: "cannot be read (\(reason))")
    } catch DataFile.Failure.notFound {
      throw TaskListError(.notFound, file: path, message: "no such file")
    } catch DataFile.Failure.unreadable(let reason) {
      throw TaskListError(.notFound, file: path, message: "cannot be read (\(reason))")
    } catch {
      throw TaskListError(.notFound, file: path, message: "cannot be read (\(TaskListDecoder.reason(error)))")
    }
    return try decoder.decode(data, file: path)
  }
}
