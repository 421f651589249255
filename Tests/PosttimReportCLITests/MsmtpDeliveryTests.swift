import Foundation
import Testing
import TestSupport

/// Mail without a local MTA: `--send --sendmail /usr/bin/msmtp`, msmtp
/// speaking SMTP to the exim listening on 127.0.0.1:25 (the test's own
/// ~/.msmtprc: no auth, no TLS), delivered to /var/mail/posttimtest and read
/// back with Python's mailbox and email (Scripts/mail/check-msmtp.py). In the
/// e-mail suite, which is serialized: its local delivery test empties that
/// mailbox.
extension EmailDeliveryTests {
  /// What the msmtp path needs and is not here, each named, or nil.
  static let msmtpMissing: String? = {
    var missing: [String] = []
    if EndToEndTests.binary == nil { missing.append("the built binary") }
    if !pythonPresent { missing.append("python3") }
    if !FileManager.default.isExecutableFile(atPath: "/usr/bin/msmtp") {
      missing.append("msmtp (apt-get install msmtp)")
    }
    if !ConsumerProofTests.available(
      "python3 -c \"import socket; socket.create_connection(('127.0.0.1', 25), 2)\"")
    {
      missing.append("an SMTP listener on 127.0.0.1:25 (exim4's daemon: service exim4 start)")
    }
    if !ConsumerProofTests.available("id posttimtest") || !FileManager.default.fileExists(atPath: "/var/mail") {
      missing.append("the mailbox user posttimtest with /var/mail (useradd -m posttimtest, as root)")
    }
    return missing.isEmpty ? nil : "needs " + missing.joined(separator: ", ") + "; .ci/run sets them up"
  }()

  @Test(
    "--send --sendmail /usr/bin/msmtp: SMTP to the exim on 127.0.0.1:25, delivered to posttimtest, read back exactly",
    .enabled(if: msmtpMissing == nil, Comment(rawValue: msmtpMissing ?? "")))
  func msmtp() throws {
    let script = TestPaths.packageRoot.appending(path: "Scripts/mail/check-msmtp.py").path
    let (status, text) = try runCombiningOutput("/usr/bin/env", ["python3", script, EndToEndTests.binary!.path])
    let failures = text.split(separator: "\n").filter { !$0.hasPrefix("PASS") }
    #expect(status == 0, "\(failures.joined(separator: "\n"))")
    #expect(text.split(separator: "\n").last == "19 passed, 0 failed", "\(text)")
  }
}
