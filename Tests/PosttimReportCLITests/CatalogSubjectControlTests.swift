import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// A catalog's `mail.subject` with a control character (CR, LF) is the
/// catalog's fault: exit 78 naming the catalog file and the key, as any
/// broken catalog message is, not 64 as if an option were wrong.
@Suite("A catalog subject with a control character")
struct CatalogSubjectControlTests {
  @Test(
    "CR, LF or CRLF in a --template-dir catalog's mail.subject: 78 naming the file and the key",
    arguments: [("\r\n", "carriage return (CR)"), ("\n", "line feed (LF)"), ("\r", "carriage return (CR)")])
  func controlInSubject(separator: String, named: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    let catalog = folder.appending(path: "messages/fr.json")
    let json = try JSONSerialization.data(withJSONObject: [
      "mail.subject": "Agenda {date}\(separator)Bcc: x@evil.example"
    ])
    try json.write(to: catalog)
    let output = folder.appending(path: "out.eml").path
    let run = CapturedRun()
    let status = run.run([
      TestPaths.example.path, "--template-dir", folder.path, "-l", "fr", "-f", "email", "--mail-to", "a@example.org",
      "-o", output,
    ])
    #expect(status == .configuration)
    #expect(
      run.stderr == [
        "posttim-report: error: \(catalog.path): message \"mail.subject\" contains a \(named), which is not allowed "
          + "in an e-mail header"
      ])
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
