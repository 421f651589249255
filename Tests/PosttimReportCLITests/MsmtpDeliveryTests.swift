import Foundation
import Testing
import TestSupport

/// Mail without a local MTA: `--send --sendmail /usr/bin/msmtp`, msmtp
/// speaking SMTP to the exim listening on 127.0.0.1:25 (the test's own
/// ~/.msmtprc: no auth, no TLS), delivered to /var/mail/posttimtest and read
/// back with Python's mailbox and email (Scripts/mail/check-msmtp.py). In the
/// e-mail suite, which is serialized: its local delivery test empties that
/// mailbox.
extension ExternalTool {
  static let msmtp = ExternalTool(
    "msmtp", install: "apt-get install -y msmtp",
    isPresent: { FileManager.default.isExecutableFile(atPath: "/usr/bin/msmtp") })
  static let smtpListener = ExternalTool(
    "an SMTP listener on 127.0.0.1:25", install: "exim4's daemon: service exim4 start",
    probe: "python3 -c \"import socket; socket.create_connection(('127.0.0.1', 25), 2)\"")
  static let mailboxUser = ExternalTool(
    "the mailbox user posttimtest with /var/mail", install: "useradd -m posttimtest, as root",
    probe: "id posttimtest && test -d /var/mail")
}

extension EmailDeliveryTests {
  @Test(
    "--send --sendmail /usr/bin/msmtp: SMTP to the exim on 127.0.0.1:25, delivered to posttimtest, read back exactly",
    .requires(.builtBinary, .python3, .msmtp, .smtpListener, .mailboxUser))
  func msmtp() throws {
    let script = TestPaths.packageRoot.appending(path: "Scripts/mail/check-msmtp.py").path
    let (status, text) = try runCombiningOutput("/usr/bin/env", ["python3", script, EndToEndTests.binary!.path])
    let failures = text.split(separator: "\n").filter { !$0.hasPrefix("PASS") }
    #expect(status == 0, "\(failures.joined(separator: "\n"))")
    #expect(text.split(separator: "\n").last == "33 passed, 0 failed", "\(text)")
  }
}
