import Foundation
import Testing
import TestSupport

/// The e-mail read back by its real consumers: Python's `email` parser
/// (policy.default) for fr_CA, ar_EG, ja_JP, he_IL, an emoji + RTL subject
/// and a report over Gmail's clipping size; and a real delivery through
/// the local MTA (`sendmail -t`, exim4 in CI) to posttimtest@localhost,
/// read from /var/mail with `mailbox` (Scripts/mail/check-email.py); the
/// cron and systemd examples run as cron and systemd would
/// (Scripts/mail/check-examples.py). Serialized: they share the mailbox.
@Suite("E-mail read back by Python and delivered by the local MTA", .serialized)
struct EmailDeliveryTests {
  static let script = TestPaths.packageRoot.appending(path: "Scripts/mail/check-email.py").path

  /// What delivery needs, or nil when all is there: a sendmail program, a
  /// local mailbox user (created when we are root), and the spool folder.
  static let deliveryMissing: String? = {
    if let missing = ExternalTool.missing([.builtBinary, .python3]) { return missing }
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/sendmail") else {
      return "needs an MTA with /usr/sbin/sendmail (apt-get install exim4-daemon-light; .ci/run installs it)"
    }
    if !ExternalTool.succeeds("id posttimtest"),
      !ExternalTool.succeeds("[ \"$(id -u)\" = 0 ] && useradd -m posttimtest")
    {
      return "needs the local user posttimtest (useradd -m posttimtest, as root)"
    }
    guard FileManager.default.fileExists(atPath: "/var/mail") else { return "needs the mail spool /var/mail" }
    return nil
  }()

  static func runScript(_ mode: String) throws -> (Int32, String) {
    try runCombiningOutput("/usr/bin/env", ["python3", script, EndToEndTests.binary!.path, mode])
  }

  @Test(
    "Examples/: cron.conf, crontab and systemd units parse, and their commands deliver through the local MTA",
    .enabled(if: deliveryMissing == nil, Comment(rawValue: deliveryMissing ?? "")))
  func examples() throws {
    let script = TestPaths.packageRoot.appending(path: "Scripts/mail/check-examples.py").path
    let (status, text) = try runCombiningOutput("/usr/bin/env", ["python3", script, EndToEndTests.binary!.path])
    let failures = text.split(separator: "\n").filter { !$0.hasPrefix("PASS") }
    #expect(status == 0, "\(failures.joined(separator: "\n"))")
    #expect(text.split(separator: "\n").last?.hasSuffix(" passed, 0 failed") == true)
  }

  @Test(
    "Python's email parser: no defects, headers and parts decoded exactly (fr_CA, ar_EG, ja_JP, he_IL, emoji + RTL)",
    .requires(.builtBinary, .python3, .pyICU))
  func parse() throws {
    let (status, text) = try Self.runScript("parse")
    let failures = text.split(separator: "\n").filter { !$0.hasPrefix("PASS") }
    #expect(status == 0, "\(failures.joined(separator: "\n"))")
    #expect(text.split(separator: "\n").last?.hasSuffix(" passed, 0 failed") == true)
  }

  @Test(
    "--send through the local MTA: fr_CA and ar_EG delivered to /var/mail/posttimtest, read back exactly",
    .enabled(if: deliveryMissing == nil, Comment(rawValue: deliveryMissing ?? "")), .requires(.pyICU))
  func deliver() throws {
    let (status, text) = try Self.runScript("deliver")
    let failures = text.split(separator: "\n").filter { !$0.hasPrefix("PASS") }
    #expect(status == 0, "\(failures.joined(separator: "\n"))")
    #expect(text.split(separator: "\n").last?.hasSuffix(" passed, 0 failed") == true)
  }
}
