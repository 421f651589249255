import Foundation
import Testing
import TestSupport

/// A sendmail that is a `#!/bin/sh` script, run by dash (Debian's
/// `/bin/sh`), needs `ulimit -n 11`: dash moves the script's descriptor to
/// 10 or above. At 10 the run says so, naming the limit (docs/usage.md,
/// "Limits").
@Suite(
  "A dash sendmail script under a descriptor limit",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct DashSendmailDescriptorTests {
  @Test("a #!/bin/sh sendmail: exit 69 naming the limit at ulimit -n 10, delivered at 11")
  func dashScriptNeedsEleven() throws {
    let sendmail = try ScriptedSendmail("cat > \"$M\"")
    defer { sendmail.remove() }
    let arguments = DescriptorLimitTests.sendArguments + ["--sendmail", sendmail.path]
    let refused = try LimitedRun.run("ulimit -n 10", arguments)
    #expect(refused.status == 69)
    #expect(
      refused.stderr
        == "/bin/sh: 0: 3: Invalid argument\nposttim-report: error: cannot send: \(sendmail.path) -t -oi exited "
        + "with status 2 (it ran under the limit of 10 file descriptors, ulimit -n); the message may not have been "
        + "delivered\n")
    #expect(!FileManager.default.fileExists(atPath: sendmail.message.path))
    let sent = try LimitedRun.run("ulimit -n 11", arguments)
    #expect(sent.status == 0, "\(sent.stderr)")
    #expect(try String(contentsOf: sendmail.message, encoding: .utf8).hasPrefix("Date: "))
  }
}
