import Foundation
import Testing

@testable import PosttimReport

/// `--sendmail PATH` is checked before it is run: a missing path, a
/// directory and a non-executable file each get a plain message (exit 69 in
/// the CLI), never Foundation's `NSCocoaErrorDomain Code=4`.
@Suite("sendmail path check")
struct SendmailPathTests {
  static let advice =
    " (install a mail transfer agent, e.g. apt-get install exim4-daemon-light, or name another sendmail program);"
    + " nothing was sent"

  func failure(_ path: String) -> String? {
    do {
      try SendmailDelivery.send("To: a@example.org\r\n\r\nx\r\n", sendmail: path, untrusted: { _ in nil })
      return nil
    } catch { return error.message }
  }

  @Test("missing, a directory, not executable")
  func refusals() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "sendmail-\(UUID().uuidString)")
    try Data("#!/bin/sh\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(
      failure("/nonexistent/sendmail") == "cannot send: no sendmail program at /nonexistent/sendmail" + Self.advice)
    #expect(failure("/tmp") == "cannot send: /tmp is a directory, not a sendmail program" + Self.advice)
    #expect(
      failure(file.path)
        == "cannot send: \(file.path) is not executable (chmod +x \(file.path), or name another sendmail program);"
        + " nothing was sent")
  }
}
