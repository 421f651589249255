import Foundation
import Testing

@testable import PosttimReportCLI

/// The signal handler removes every temporary file still pending: a
/// roster has several at once (messages made ahead), each registered by
/// its own hook value.
@Suite("Pending temporary files for the signal handler")
struct PendingTemporaryFilesTests {
  /// The paths the handler would remove now that hold `tag` (other tests
  /// may register files meanwhile).
  func pending(_ tag: String) -> Set<String> {
    Set(SignalCleanup.pendingPaths.filter { $0.contains(tag) })
  }

  @Test("two files pending at once are both registered; each hook's finish releases its own file only")
  func severalPending() {
    let first = SignalCleanup()
    let second = SignalCleanup()
    let tag = UUID().uuidString
    first.created("/tmp/.a-\(tag).posttim-aaaaaa")
    second.created("/tmp/.b-\(tag).posttim-bbbbbb")
    #expect(pending(tag) == ["/tmp/.a-\(tag).posttim-aaaaaa", "/tmp/.b-\(tag).posttim-bbbbbb"])
    first.finished()
    #expect(pending(tag) == ["/tmp/.b-\(tag).posttim-bbbbbb"])
    second.finished()
    #expect(pending(tag) == [])
  }
}
