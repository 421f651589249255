import Foundation
import PosttimICU
import PosttimReport

/// `posttim-report preview`: one skeleton or pattern across locales.
struct PreviewCommand {
  let arguments: [String]
  let environment: [String: String]
  let io: CommandIO
  let clock: @Sendable () -> Date
  let warn: @Sendable (String) -> Void

  func execute() throws {
    throw UsageError("preview is not implemented yet")
  }
}
