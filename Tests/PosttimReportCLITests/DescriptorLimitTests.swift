import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Few file descriptors (`ulimit -n`): a run that has enough works, sendmail
/// is started without sweeping the descriptor table, and a run that has
/// too few says so with exit 71 (EX_OSERR) before it reads anything.
@Suite(
  "File descriptor limits", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct DescriptorLimitTests {
  static let sendArguments = [
    TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "-z", "UTC", "--mail-to", "a@example.org", "--send",
  ]

  static func tooFew(limit: Int) -> String {
    "posttim-report: error: too few file descriptors: a run needs \(DescriptorReserveFigures.needed) free, "
      + "and only \(limit - 3) are free under the limit of \(limit) (ulimit -n); raise the limit\n"
  }

  @Test("--send under ulimit -n 200 and at the lowest limit a run accepts: sendmail gets the whole message")
  func sendUnderLimits() throws {
    for limit in [200, 3 + DescriptorReserveFigures.needed] {
      // Perl, not sh: dash moves its script to descriptor 10, which a limit of 10 forbids.
      let sendmail = try ScriptedSendmail(
        "open(my $out, '>', 'MESSAGE') or die; print $out $_ while <STDIN>;", interpreter: "/usr/bin/perl")
      defer { sendmail.remove() }
      let result = try LimitedRun.run("ulimit -n \(limit)", Self.sendArguments + ["--sendmail", sendmail.path])
      #expect(result.status == 0, "ulimit -n \(limit): \(result.stderr)")
      #expect(result.stderr == "")
      let message = try String(contentsOf: sendmail.message, encoding: .utf8)
      #expect(message.hasPrefix("Date: "))
      #expect(message.hasSuffix("--\r\n"))
    }
  }

  @Test("sendmail inherits standard input, output and error only, not the descriptors the run inherited")
  func sendmailDescriptors() throws {
    let sendmail = try ScriptedSendmail(#"cat > "$M"; ls /proc/$$/fd > "$M.fds""#)
    defer { sendmail.remove() }
    let result = try LimitedRun.run("exec 7</dev/null 9>/dev/null", Self.sendArguments + ["--sendmail", sendmail.path])
    #expect(result.status == 0, "\(result.stderr)")
    let descriptors = try String(contentsOfFile: sendmail.message.path + ".fds", encoding: .utf8)
      .split(separator: "\n").compactMap { Int($0) }
    // dash keeps its script open on a descriptor of 10 or more.
    #expect(descriptors.filter { $0 < 10 } == [0, 1, 2])
  }

  @Test("one descriptor short of the reserve: exit 71 naming the limit, for a report and for --send")
  func tooFewDescriptors() throws {
    let limit = 2 + DescriptorReserveFigures.needed
    let report = try LimitedRun.run("ulimit -n \(limit)", [TestPaths.example.path, "-o", "/dev/null"])
    #expect(report.status == 71)
    #expect(report.stderr == Self.tooFew(limit: limit))
    let sendmail = try ScriptedSendmail(#"cat > "$M""#)
    defer { sendmail.remove() }
    let send = try LimitedRun.run("ulimit -n \(limit)", Self.sendArguments + ["--sendmail", sendmail.path])
    #expect(send.status == 71)
    #expect(send.stderr == Self.tooFew(limit: limit))
    #expect(!FileManager.default.fileExists(atPath: sendmail.message.path), "sendmail was not started")
  }

  @Test(
    "a list read in two halves and rendered on several threads: exit 71 under ulimit -n 5 and one short, works at the lowest limit"
  )
  func threadsUnderLimits() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-fd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // 40,000 tasks are over 8 MiB of XML: read in two halves, rendered in chunks on several threads.
    let input = folder.appending(path: "big.plist")
    try StaleTemporaryFileTests.bigList(40_000).write(to: input, atomically: false, encoding: .utf8)
    let output = folder.appending(path: "out.csv").path
    let arguments = [
      input.path, "-f", "csv", "-o", output, "--now", "2026-11-30T14:00:00Z", "-z", "UTC", "--days", "60",
    ]
    for limit in [5, 2 + DescriptorReserveFigures.needed] {
      let result = try LimitedRun.run("ulimit -n \(limit)", arguments)
      #expect(result.status == 71, "ulimit -n \(limit)")
      #expect(result.stderr == Self.tooFew(limit: limit))
      #expect(!FileManager.default.fileExists(atPath: output))
    }
    let result = try LimitedRun.run("ulimit -n \(3 + DescriptorReserveFigures.needed)", arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\r\n")
    #expect(lines.count == 40_002, "a header, every task and the empty rest after the last CRLF")
  }
}

/// The reserve the tool checks at start, as documented (docs: "Limits").
enum DescriptorReserveFigures {
  static let needed = 7
}
