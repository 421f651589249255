import Foundation
import PosttimReport

/// The library's complete XML reader alone (expat, no scanner or halves in
/// front of it): what the faster tiers must agree with, task for task and
/// message for message. Binary property lists are read as by
/// `TaskListDecoder`.
public struct ExpatTaskListDecoder: Sendable {
  /// A decoder with no state.
  public init() {}

  /// Decodes a whole task list as `TaskListDecoder.decode(_:file:)` does,
  /// with XML read by expat only.
  /// - Throws: `TaskListError`, as `TaskListDecoder.decode(_:file:)`.
  public func decode(_ data: Data, file: String) throws(TaskListError) -> [TaskEntry] {
    try TaskListDecoder().decodeWithExpat(data, file: file)
  }
}
