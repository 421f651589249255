import Foundation
import TestSupport
import Testing

/// Under `ulimit -f`, `--send` stops before sendmail starts: the message's
/// copy for sendmail (a memfd) is held to the limit as a file is. The
/// message names the limit, and the status is the file-size limit's, 74,
/// as for a report written to a file or to standard output.
@Suite(
  "--send under a file-size limit",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct SendFileSizeLimitTests {
  @Test("a message larger than ulimit -f: 74 naming the limit and the size, sendmail not run")
  func limitNamed() throws {
    let sendmail = try ScriptedSendmail("cat > \"$M\"")
    defer { sendmail.remove() }
    let arguments = DescriptorLimitTests.sendArguments + ["--sendmail", sendmail.path]
    let sent = try LimitedRun.run("", arguments)
    #expect(sent.status == 0, "\(sent.stderr)")
    let size = try Data(contentsOf: sendmail.message).count
    try FileManager.default.removeItem(at: sendmail.message)
    // dash counts ulimit -f in 512-byte blocks: 1 is 512 bytes.
    let refused = try LimitedRun.run("ulimit -f 1", arguments)
    #expect(refused.status == 74)
    // The Date and Message-ID headers differ between the two runs, and so
    // may the size by a few bytes: the size named is read back and compared.
    let stated = refused.stderr.firstMatch(of: /the message \((\d+) bytes\)/).flatMap { Int($0.output.1) }
    #expect(stated.map { abs($0 - size) < 64 } == true, "\(refused.stderr)")
    #expect(
      refused.stderr.replacing(/\(\d+ bytes\) is larger/, with: "(N bytes) is larger")
        == "posttim-report: error: cannot send: the message (N bytes) is larger than the file-size limit "
        + "(ulimit -f, 512 bytes) its copy for sendmail is held to; nothing was sent: raise the limit\n")
    #expect(!FileManager.default.fileExists(atPath: sendmail.message.path))
  }
}
