import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// The command-line side of safe messages: every echoed value goes through the
/// loader's sanitizer, and a message says what was really wrong.
@Suite("Error messages echo values safely")
struct MessageSanitizingTests {
  /// True when no line holds a C0 or C1 control character or DEL.
  func clean(_ lines: [String]) -> Bool {
    lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }
  }

  @Test("--template /dev/zero is no 'not found': the path exists, it is no regular file")
  func templateDevice() {
    expectRun(
      arguments: [TestPaths.example.path, "--template", "/dev/zero"], exit: .noInput,
      error: "posttim-report: error: /dev/zero: is a character device, not a regular file (a template is a text file)")
  }

  @Test("an output path and an input path with ESC and line breaks reach stderr escaped")
  func rawPaths() throws {
    let output = expectRun(
      arguments: [TestPaths.example.path, "-o", "/nonexistent\u{1B}[31m/x\nout.csv", "-f", "csv"], exit: .cannotCreate)
    #expect(!output.stderr.isEmpty && clean(output.stderr), "\(output.stderr)")
    #expect(output.stderr.first?.contains("\\u{1b}[31m/x\\nout.csv") == true)
    let input = expectRun(arguments: ["/nonexistent/a\u{1B}]0;title\u{7}b.plist"], exit: .noInput)
    #expect(clean(input.stderr), "\(input.stderr)")
  }
}

@Suite("Locale and zone values in messages")
struct EchoedOptionValueTests {
  @Test("a locale is named as written, control characters escaped")
  func locale() {
    expectRun(
      arguments: [TestPaths.example.path, "-l", "../../etc"], exit: .usage,
      error: "posttim-report: error: invalid locale \"../../etc\": use an ICU locale ID (fr_CA) or a BCP 47 tag (fr-CA)"
    )
    expectRun(
      arguments: [TestPaths.example.path, "-l", "fr\u{1B}[31m"], exit: .usage,
      error:
        "posttim-report: error: invalid locale \"fr\\u{1b}[31m\": U+001B (a control character) after \"fr\" "
        + "(a locale ID has no spaces, invisible or control characters)")
    let zone = expectRun(arguments: [TestPaths.example.path, "-z", "Mars\n\u{202E}x"], exit: .usage)
    #expect(zone.stderr.first?.hasPrefix("posttim-report: error: unknown time zone \"Mars\\n\\u{202e}x\"") == true)
  }
}
