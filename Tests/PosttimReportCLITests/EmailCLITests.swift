import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `--format email` and its options, in-process: exit statuses, messages,
/// and what is (not) written.
@Suite("E-mail options")
struct EmailCLITests {
  let base = [TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "--to", "2026-12-01", "--format", "email"]

  @Test("a French message: headers as sent, the catalog's subject, CRLF lines within 78")
  func french() {
    let run = expectRun(
      arguments: base + ["--mail-from", "zoe@example.org", "--mail-to", "a@example.org,b@example.org"], exit: .success,
      stderr: [])
    let message = run.stdout
    let headers = message.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
    #expect(
      headers.prefix(4) == [
        "Date: Mon, 30 Nov 2026 09:00:00 -0500", "From: zoe@example.org", "To: a@example.org, b@example.org",
        // The days shown, 30 November to 1 December: "novembre\u{2009}–\u{2009}mardi"
        // and "décembre" as encoded words, folded before the second.
        "Subject: Agenda du lundi 30 =?UTF-8?B?bm92ZW1icmXigInigJPigIltYXJkaQ==?= 1",
      ])
    #expect(headers[4] == " =?UTF-8?B?ZMOpY2VtYnJl?= 2026")
    #expect(headers.contains("Content-Language: fr-CA"))
    #expect(headers.contains("Auto-Submitted: auto-generated"))
    #expect(headers.contains("MIME-Version: 1.0"))
    #expect(headers.contains { $0.hasPrefix("Message-ID: <1796047200.") && $0.hasSuffix("@example.org>") })
    let lines = message.components(separatedBy: "\r\n")
    #expect(lines.last == "")
    #expect(lines.allSatisfy { $0.utf8.count <= 78 && !$0.contains("\n") && !$0.contains("\r") })
    #expect(message.utf8.allSatisfy { $0 < 0x80 })
  }

  @Test("an empty window: a short mail whose text says 'Aucune tâche.'; --skip-empty writes nothing")
  func empty() throws {
    let window = [
      TestPaths.example.path, "--now", "2026-11-30T14:00:00Z", "--from", "2030-01-01", "--to", "2030-01-02",
      "--format", "email", "--mail-to", "a@example.org",
    ]
    let run = expectRun(arguments: window, exit: .success)
    // "Aucune tâche." in quoted-printable: â is C3 A2.
    #expect(run.stdout.contains("\r\nAucune t=C3=A2che.\r\n"))
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "mail.eml").path
    let skipped = expectRun(arguments: window + ["--skip-empty", "-o", output], exit: .success)
    #expect(skipped.stdout == "")
    #expect(skipped.stderr == [])
    #expect(!FileManager.default.fileExists(atPath: output))
    // Not empty: --skip-empty changes nothing.
    let full = expectRun(arguments: base + ["--mail-to", "a@example.org", "--skip-empty"], exit: .success)
    #expect(full.stdout.contains("Subject: Agenda du lundi 30 =?UTF-8?B?bm92ZW1icmXigInigJPigIltYXJkaQ==?= 1\r\n"))
  }

  @Test(
    "header injection through any option is exit 64, before anything is written",
    arguments: [
      ["--mail-to", "a@example.org\r\nBcc: victim@example.org"],
      ["--mail-to", "a@example.org", "--subject", "Agenda\nBcc: victim@example.org"],
      ["--mail-to", "a@example.org", "--mail-from", "x@example.org\0"],
      ["--mail-to", "a@example.org", "--reply-to", "x@example.org\rX: y"],
      ["--mail-to", "a@example.org", "--mail-cc", "Zoë\n <z@example.org>"],
    ])
  func injection(arguments: [String]) {
    let run = expectRun(arguments: base + arguments, exit: .usage)
    #expect(run.stdout == "")
    #expect(run.stderr.first?.contains("which is not allowed in an e-mail header") == true)
  }

  @Test("a catalog whose subject holds a line feed is the catalog's fault (78), and no file is made")
  func catalogInjection() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = folder.appending(path: "messages")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let shipped = TestPaths.packageRoot.appending(path: "Templates/messages/fr.json")
    var french = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: String])
    french["mail.subject"] = "Agenda\nBcc: victim@example.org {date}"
    try JSONSerialization.data(withJSONObject: french).write(to: messages.appending(path: "fr.json"))
    let output = folder.appending(path: "mail.eml").path
    expectRun(
      arguments: base + ["--mail-to", "a@example.org", "--template-dir", folder.path, "-o", output],
      exit: .configuration,
      error: "posttim-report: error: \(messages.path)/fr.json: message \"mail.subject\" contains a line feed (LF), "
        + "which is not allowed in an e-mail header")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("usage errors: no recipient, a bad address, a bad subject, mail options on another format")
  func usage() {
    let cases: [([String], String)] = [
      (base, "posttim-report: error: --format email needs at least one recipient: --mail-to ADDRESS"),
      (base + ["--mail-to", "zoe"], "posttim-report: error: --mail-to: 'zoe' is not an e-mail address: it has no '@'"),
      (
        base + ["--mail-to", "a@example.org", "--subject", "{date"],
        "posttim-report: error: --subject '{date' is not a valid message pattern: "
      ),
      (
        [TestPaths.example.path, "--mail-to", "a@example.org"],
        "posttim-report: error: --mail-to applies to --format email, not 'markdown'"
      ),
      (
        [TestPaths.example.path, "--send", "--format", "html"],
        "posttim-report: error: --send needs --format email (or no --format), not 'html'"
      ),
      (
        [TestPaths.example.path, "--mail-to", "a@example.org", "--send", "--format", "html"],
        "posttim-report: error: --send needs --format email (or no --format), not 'html'"
      ),
      (
        base + ["--mail-to", "a@example.org", "--subject", "Agenda \u{1B}[31m"],
        "posttim-report: error: --subject contains a control character U+001B, which is not allowed in an e-mail header"
      ),
      (
        base + ["--mail-to", "a@example.org", "--subject", "Agenda \u{9B}2J"],
        "posttim-report: error: --subject contains a control character U+009B, which is not allowed in an e-mail header"
      ),
      (
        base + ["--mail-to", "a@example.org", "--subject", "A\u{7F}"],
        "posttim-report: error: --subject contains a control character U+007F, which is not allowed in an e-mail header"
      ),
      (
        base + ["--mail-to", "a@example.org", "--subject", "A\tB"],
        "posttim-report: error: --subject contains a control character U+0009, which is not allowed in an e-mail header"
      ),
      (
        base + ["--mail-to", "Zo\u{1B}e <a@example.org>"],
        "posttim-report: error: --mail-to contains a control character U+001B, which is not allowed in an e-mail header"
      ),
      (
        base + ["--mail-to", "a@example.org", "--send", "-o", "x.eml"],
        "posttim-report: error: use --send or --output, not both"
      ),
    ]
    for (arguments, message) in cases {
      let run = expectRun(arguments: arguments, exit: .usage)
      #expect(run.stderr.first?.hasPrefix(message) == true, "\(run.stderr)")
    }
  }

  @Test("--subject with {date} (the days shown) and {count}, in the report's locale")
  func subject() {
    let run = expectRun(
      arguments: base + [
        "--mail-to", "a@example.org", "--subject", "{count, plural, one {# tâche} other {# tâches}} — {date}",
      ], exit: .success)
    // 13 tasks up to 1 December ("13 tâches en tout" in the report);
    // "tâches —" is 74 C3 A2 63 68 65 73 20 E2 80 94 in UTF-8.
    // {date} is the days shown, 30 November to 1 December.
    #expect(
      run.stdout.contains(
        "\r\nSubject: 13 =?UTF-8?B?dMOiY2hlcyDigJQ=?= lundi 30\r\n =?UTF-8?B?bm92ZW1icmXigInigJPigIltYXJkaQ==?= 1 "
          + "=?UTF-8?B?ZMOpY2VtYnJl?= 2026\r\n"))
  }

  @Test("--send: a missing sendmail or one that fails is exit 69 and nothing on stdout")
  func sendFailures() throws {
    for sendmail in ["/nonexistent/sendmail", "/bin/false"] {
      let run = expectRun(
        arguments: base + ["--mail-to", "a@example.org", "--send", "--sendmail", sendmail], exit: .unavailable)
      #expect(run.stdout == "")
      #expect(run.stderr.first?.hasPrefix("posttim-report: error: cannot send: ") == true, "\(run.stderr)")
    }
    expectRun(
      arguments: base + ["--mail-to", "a@example.org", "--send", "--sendmail", "/bin/false"], exit: .unavailable,
      stderr: [
        "posttim-report: error: cannot send: /bin/false -t -oi exited with status 1; the message may not have been delivered"
      ])
  }
}
