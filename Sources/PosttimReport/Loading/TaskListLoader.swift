import Foundation

/// Reads task lists from files or standard input, never modifying them.
public struct TaskListLoader: Sendable {
  public let decoder: TaskListDecoder
  /// Reads standard input; injectable so tests and the CLI core can feed it.
  public let readStandardInput: @Sendable () -> Data

  public init(
    decoder: TaskListDecoder = .init(),
    readStandardInput: @escaping @Sendable () -> Data = {
      FileHandle.standardInput.readDataToEndOfFile()
    }
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
    if path == "-" {
      data = readStandardInput()
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw TaskListError(.notFound, file: path, message: "no such file")
      }
      guard !isDirectory.boolValue else {
        throw TaskListError(.notFound, file: path, message: "is a directory, not a task list")
      }
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
      } catch {
        throw TaskListError(.notFound, file: path, message: "cannot be read (\(TaskListDecoder.reason(error)))")
      }
    }
    return try decoder.decode(data, file: path)
  }
}
