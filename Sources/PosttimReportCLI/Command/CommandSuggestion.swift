import FoundationEssentials
import PosttimReport

/// "did you mean 'preview'?" for a mistyped command: `posttim-report
/// previw` reads `previw` as a task list, which is missing, so the
/// not-found error (exit 66, as for any missing file) names the command.
enum CommandSuggestion {
  /// The commands a first argument may name, besides a task list.
  static let commands = ["preview", "roster"]

  /// `error` with the suggestion added when it says the first argument is
  /// no file and that argument is close to a command's name; else `error`.
  static func adding(to error: Error, firstArgument: String?) -> Error {
    guard let firstArgument, let missing = error as? TaskListError, missing.kind == .notFound,
      missing.file == firstArgument, missing.entry == nil,
      !FileManager.default.fileExists(atPath: firstArgument),
      let command = Suggestion.closest(to: firstArgument, in: commands)
    else { return error }
    return TaskListError(.notFound, file: missing.file, message: "\(missing.message); did you mean '\(command)'?")
  }
}
