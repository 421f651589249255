import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

extension ExternalTool {
  static let khal = program("khal", install: "apt-get install -y khal")
}

/// `--attach-ics` and `--remind`: the calendar the mail carries, read by
/// Python's email and icalendar and imported by khal
/// (Scripts/mail/check-calendar.py), and delivered through the local MTA.
extension EmailDeliveryTests {
  @Test(
    "--attach-ics --remind: email and icalendar read every part, the alarms asked for, khal imports two days once",
    .requires(.builtBinary, .python3, .icalendar, .khal))
  func calendarPart() throws {
    let script = TestPaths.packageRoot.appending(path: "Scripts/mail/check-calendar.py").path
    let (status, text) = try runCombiningOutput("/usr/bin/env", ["python3", script, EndToEndTests.binary!.path])
    #expect(status == 0, "\(text.split(separator: "\n").filter { !$0.hasPrefix("PASS") }.joined(separator: "\n"))")
    #expect(text.split(separator: "\n").last == "28 passed, 0 failed", "\(text)")
  }

  @Test(
    "--attach-ics --send: the calendar part read back from /var/mail/posttimtest is the one written",
    .requires(.icalendar), .enabled(if: deliveryMissing == nil, Comment(rawValue: deliveryMissing ?? "")))
  func calendarDelivered() throws {
    let script = TestPaths.packageRoot.appending(path: "Scripts/mail/check-calendar.py").path
    let (status, text) = try runCombiningOutput(
      "/usr/bin/env", ["python3", script, EndToEndTests.binary!.path, "deliver"])
    #expect(status == 0, "\(text)")
    #expect(text.split(separator: "\n").last == "4 passed, 0 failed", "\(text)")
  }
}

/// What the command line refuses around calendars.
@Suite("Calendar options")
struct CalendarOptionTests {
  let example = TestPaths.example.path

  @Test("a lead time that is not one is exit 64 naming it")
  func badLeadTime() {
    expectRun(
      arguments: [example, "--config", "/dev/null", "-f", "ics", "--remind", "15m,2 weeks"], exit: .usage,
      error:
        "posttim-report: error: --remind: '2 weeks' is not a lead time (write 15m, 2h, 1d, 1w or an ISO 8601 duration such as PT15M or"
        + " P1DT12H; months and years have no fixed length)")
  }

  @Test("--remind needs a calendar; --attach-ics needs e-mail")
  func needsACalendar() {
    expectRun(
      arguments: [example, "--config", "/dev/null", "-f", "markdown", "--remind", "15m"], exit: .usage,
      error: "posttim-report: error: --remind applies to --format ics and to e-mail with --attach-ics, not 'markdown'")
    expectRun(
      arguments: [example, "--config", "/dev/null", "-f", "csv", "--attach-ics"], exit: .usage,
      error: "posttim-report: error: --attach-ics applies to --format email, not 'csv'")
  }
}
