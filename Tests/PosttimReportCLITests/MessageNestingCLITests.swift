import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Every MessageFormat pattern the tool reads is checked for nesting
/// before ICU parses it: `--subject` (64), the config file's `subject`
/// and a catalog in `--template-dir` (78), each error naming where.
@Suite("CLI: deeply nested MessageFormat patterns")
struct MessageNestingCLITests {
  let example = TestPaths.example.path
  let email = ["-f", "email", "--mail-to", "a@example.org"]
  /// 6,000 nested selects: ICU's recursion overflowed the stack on them.
  static let deep = nested(6000)
  /// 40 levels: in a config file, whose lines are at most 8 KiB.
  static let tooDeepForConfig = nested(40)

  static func nested(_ depth: Int) -> String {
    String(repeating: "{date,select,other{", count: depth) + "z" + String(repeating: "}}", count: depth)
  }
  static let tooDeep =
    "is not a valid message pattern: arguments nested more than 32 levels deep at offset \(32 * 19 + 18)"

  @Test("--subject: exit 64 naming the option")
  func option() {
    let run = CapturedRun()
    #expect(run.run([example, "--subject", Self.deep] + email) == .usage)
    #expect(run.stderr.first?.hasPrefix("posttim-report: error: --subject '{date,select,other{") == true)
    #expect(run.stderr.first?.hasSuffix(Self.tooDeep) == true)
  }

  @Test("the config file's subject: exit 78 naming the file and line")
  func configFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config")
    try "format = email\n\nsubject = \(Self.tooDeepForConfig)\n".write(to: config, atomically: true, encoding: .utf8)
    let run = CapturedRun()
    #expect(run.run([example, "--config", config.path, "--mail-to", "a@example.org"]) == .configuration)
    #expect(run.stderr.first?.hasPrefix("posttim-report: error: \(config.path):3:") == true, "\(run.stderr)")
    #expect(run.stderr.first?.contains("arguments nested more than 32 levels deep") == true)
  }

  @Test("a catalog in --template-dir: exit 78 naming the file and the message")
  func catalog() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appending(path: "messages"), withIntermediateDirectories: true)
    let catalog = folder.appending(path: "messages/fr.json")
    let json = try JSONSerialization.data(withJSONObject: ["mail.subject": Self.deep])
    try json.write(to: catalog)
    let run = CapturedRun()
    #expect(run.run([example, "--template-dir", folder.path, "-l", "fr"] + email) == .configuration)
    #expect(
      run.stderr.first
        == "posttim-report: error: \(catalog.path): message \"mail.subject\": arguments nested more than 32 levels deep at offset \(32 * 19 + 18)"
    )
  }

  @Test(
    "the binary: exit 64 where ICU overflowed the stack", .enabled(if: EndToEndTests.binary != nil, "binary not built"))
  func binary() throws {
    // stderr to a file: the message echoes the 114 KB pattern, more than a pipe holds.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let errors = folder.appending(path: "stderr")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [example, "--subject", Self.deep] + email
    process.environment = ["LANG": "C.UTF-8"]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 64)
    #expect(try String(contentsOf: errors, encoding: .utf8).contains("arguments nested more than 32 levels deep"))
  }
}
